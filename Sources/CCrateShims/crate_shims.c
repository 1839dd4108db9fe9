#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <alsa/asoundlib.h>
#include "crate_shims.h"

void crate_set_thread_name(const char *name) {
    char shortened[16];
    snprintf(shortened, sizeof shortened, "%s", name);
    pthread_setname_np(pthread_self(), shortened);
}

static void crate_alsa_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

void crate_silence_alsa_errors(void) {
    snd_lib_error_set_handler(crate_alsa_quiet);
}
