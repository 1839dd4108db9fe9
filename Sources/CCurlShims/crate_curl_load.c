// libcurl is opened on first use rather than linked: with its TLS, Kerberos, LDAP and
// SSH dependencies it maps about 5 MiB into the process, which a box that plays only
// its own files (no Plex, no streams, no Last.fm) never needs.
#include "crate_curl.h"
#include <dlfcn.h>
#include <pthread.h>

struct crate_curl_api crate_curl;

static const char *load_error = "libcurl has not been opened yet";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void *need(void *library, const char *name, int *missing) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL) *missing = 1;
    return symbol;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = dlerror();
        return;
    }
    int missing = 0;
    struct crate_curl_api api;
    api.global_init = need(library, "curl_global_init", &missing);
    api.easy_init = need(library, "curl_easy_init", &missing);
    api.easy_cleanup = need(library, "curl_easy_cleanup", &missing);
    api.easy_reset = need(library, "curl_easy_reset", &missing);
    api.easy_strerror = need(library, "curl_easy_strerror", &missing);
    api.easy_setopt = need(library, "curl_easy_setopt", &missing);
    api.easy_getinfo = need(library, "curl_easy_getinfo", &missing);
    api.multi_init = need(library, "curl_multi_init", &missing);
    api.multi_cleanup = need(library, "curl_multi_cleanup", &missing);
    api.multi_add_handle = need(library, "curl_multi_add_handle", &missing);
    api.multi_remove_handle = need(library, "curl_multi_remove_handle", &missing);
    api.multi_perform = need(library, "curl_multi_perform", &missing);
    api.multi_poll = need(library, "curl_multi_poll", &missing);
    api.multi_strerror = need(library, "curl_multi_strerror", &missing);
    api.multi_setopt = need(library, "curl_multi_setopt", &missing);
    api.multi_info_read = need(library, "curl_multi_info_read", &missing);
    api.slist_append = need(library, "curl_slist_append", &missing);
    api.slist_free_all = need(library, "curl_slist_free_all", &missing);
    if (missing) {
        load_error = "libcurl.so.4 lacks a function Crate needs (libcurl 7.66 or newer is required)";
        return;
    }
    if (api.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        load_error = "curl_global_init failed";
        return;
    }
    crate_curl = api;
    load_error = NULL;
}

const char *crate_curl_open(void) {
    pthread_once(&load_once, load);
    return load_error;
}
