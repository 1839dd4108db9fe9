#include "crate_curl.h"

CURLcode crate_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return crate_curl.easy_setopt(handle, option, value);
}

CURLcode crate_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return crate_curl.easy_setopt(handle, option, value);
}

CURLcode crate_curl_setopt_str(CURL *handle, CURLoption option, const char *value) {
    return crate_curl.easy_setopt(handle, option, value);
}

CURLcode crate_curl_setopt_ptr(CURL *handle, CURLoption option, void *value) {
    return crate_curl.easy_setopt(handle, option, value);
}

CURLcode crate_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return crate_curl.easy_setopt(handle, option, value);
}

CURLcode crate_curl_setopt_write_function(CURL *handle, crate_curl_data_fn fn) {
    return crate_curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, fn);
}

CURLcode crate_curl_setopt_header_function(CURL *handle, crate_curl_data_fn fn) {
    return crate_curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, fn);
}

CURLcode crate_curl_setopt_xferinfo_function(CURL *handle, crate_curl_xferinfo_fn fn) {
    return crate_curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, fn);
}

CURLcode crate_curl_setopt_prereq_function(CURL *handle, crate_curl_prereq_fn fn) {
    return crate_curl.easy_setopt(handle, CURLOPT_PREREQFUNCTION, fn);
}

CURLcode crate_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return crate_curl.easy_getinfo(handle, info, value);
}

CURLcode crate_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return crate_curl.easy_getinfo(handle, info, value);
}

CURLMcode crate_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return crate_curl.multi_setopt(multi, option, value);
}

int crate_curl_multi_result(CURLM *multi, CURLcode *result) {
    int found = 0;
    int left = 0;
    CURLMsg *message;
    while ((message = crate_curl.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *result = message->data.result;
            found = 1;
        }
    }
    return found;
}
