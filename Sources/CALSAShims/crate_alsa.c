#include <stdarg.h>
#include <stdio.h>
#include <alsa/asoundlib.h>
#include "crate_alsa.h"

static _Thread_local char first_alsa_error[256];

static void crate_alsa_error_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err;
    if (first_alsa_error[0] != '\0') return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(first_alsa_error, sizeof first_alsa_error, fmt, args);
    va_end(args);
}

void crate_capture_alsa_errors(void) { snd_lib_error_set_handler(crate_alsa_error_handler); }
void crate_alsa_error_reset(void) { first_alsa_error[0] = '\0'; }
const char *crate_alsa_first_error(void) { return first_alsa_error; }
