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

/// libcurl's functions, filled in by `crate_curl_open` (libcurl is opened on first use,
/// not linked). Call them only after it returned NULL.
struct crate_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ready);
    const char *(*multi_strerror)(CURLMcode code);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
};
extern struct crate_curl_api crate_curl;

/// Opens libcurl and runs curl_global_init(CURL_GLOBAL_ALL), once per process (later
/// calls only return the first outcome). NULL when ready, else why libcurl is unusable.
const char *crate_curl_open(void);

/// The few calls Swift makes directly, forwarded to the opened library.
static inline CURL *crate_curl_easy_init(void) { return crate_curl.easy_init(); }
static inline void crate_curl_easy_cleanup(CURL *h) { crate_curl.easy_cleanup(h); }
static inline void crate_curl_easy_reset(CURL *h) { crate_curl.easy_reset(h); }
static inline const char *crate_curl_easy_strerror(CURLcode c) { return crate_curl.easy_strerror(c); }
static inline CURLM *crate_curl_multi_init(void) { return crate_curl.multi_init(); }
static inline CURLMcode crate_curl_multi_cleanup(CURLM *m) { return crate_curl.multi_cleanup(m); }
static inline CURLMcode crate_curl_multi_add_handle(CURLM *m, CURL *h) { return crate_curl.multi_add_handle(m, h); }
static inline CURLMcode crate_curl_multi_remove_handle(CURLM *m, CURL *h) { return crate_curl.multi_remove_handle(m, h); }
static inline CURLMcode crate_curl_multi_perform(CURLM *m, int *running) { return crate_curl.multi_perform(m, running); }
static inline CURLMcode crate_curl_multi_poll(CURLM *m, int timeout_ms) {
    return crate_curl.multi_poll(m, NULL, 0, timeout_ms, NULL);
}
static inline const char *crate_curl_multi_strerror(CURLMcode c) { return crate_curl.multi_strerror(c); }
static inline struct curl_slist *crate_curl_slist_append(struct curl_slist *l, const char *line) {
    return crate_curl.slist_append(l, line);
}
static inline void crate_curl_slist_free_all(struct curl_slist *l) { crate_curl.slist_free_all(l); }

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
