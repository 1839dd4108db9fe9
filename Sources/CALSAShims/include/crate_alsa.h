#ifndef CRATE_ALSA_H
#define CRATE_ALSA_H

/* The one door into alsa-lib that Swift cannot write itself, in a module of its own so
   only the audio engine links libasound (crate-admin and the library do not). */

/* Takes over alsa-lib's own error printing (a variadic callback Swift cannot write):
   instead of anonymous lines on stderr, the first message since the last reset is kept
   so Crate can report it with its context ("cannot find card '0'"). Call
   crate_alsa_error_reset() before an ALSA call and crate_alsa_first_error() after it
   (empty string when ALSA said nothing). Meant for the thread that opens devices. */
void crate_capture_alsa_errors(void);
void crate_alsa_error_reset(void);
const char *crate_alsa_first_error(void);

#endif
