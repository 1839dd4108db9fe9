#ifndef CRATE_SHIMS_H
#define CRATE_SHIMS_H

/* Small non-variadic, non-macro doors into C that Swift cannot call directly. */

/* Names the calling thread (at most 15 bytes are kept), as seen in /proc and top. */
void crate_set_thread_name(const char *name);

/* Routes alsa-lib's own error printing (variadic) to nowhere: every ALSA failure is
   reported by Crate with its context instead of as an anonymous line on stderr. */
void crate_silence_alsa_errors(void);

#endif
