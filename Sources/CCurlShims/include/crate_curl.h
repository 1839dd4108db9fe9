// Non-variadic doors into libcurl. curl_easy_setopt, curl_easy_getinfo and
// curl_multi_setopt are variadic, which Swift cannot call; each wrapper below fixes
// one argument type so the call is well-defined on every ABI (arm64 passes variadic
// arguments differently from fixed ones).
#ifndef CRATE_CURL_H
#define CRATE_CURL_H

#include <curl/curl.h>

/// Body and header callbacks share curl's write-callback shape.
typedef size_t (*crate_curl_data_fn)(char *data, size_t size, size_t count, void *context);
typedef int (*crate_curl_xferinfo_fn)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                      curl_off_t ultotal, curl_off_t ulnow);
/// Called once a connection is established or reused, just before the request goes out.
typedef int (*crate_curl_prereq_fn)(void *context, char *primary_ip, char *local_ip,
                                    int primary_port, int local_port);

/// curl_global_init(CURL_GLOBAL_ALL): the flag is a macro Swift may not import.
CURLcode crate_curl_global_init(void);

CURLcode crate_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode crate_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode crate_curl_setopt_str(CURL *handle, CURLoption option, const char *value);
CURLcode crate_curl_setopt_ptr(CURL *handle, CURLoption option, void *value);
CURLcode crate_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);

CURLcode crate_curl_setopt_write_function(CURL *handle, crate_curl_data_fn fn);
CURLcode crate_curl_setopt_header_function(CURL *handle, crate_curl_data_fn fn);
CURLcode crate_curl_setopt_xferinfo_function(CURL *handle, crate_curl_xferinfo_fn fn);
CURLcode crate_curl_setopt_prereq_function(CURL *handle, crate_curl_prereq_fn fn);

CURLcode crate_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode crate_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value);

CURLMcode crate_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// Drains the multi handle's message queue; returns 1 and the transfer's result when
/// a finished transfer was reported (CURLMsg's union is awkward from Swift).
int crate_curl_multi_result(CURLM *multi, CURLcode *result);

#endif
