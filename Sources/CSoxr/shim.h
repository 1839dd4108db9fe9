#include <soxr.h>

/// soxr_strerror is a macro: a function Swift can call.
static inline const char *crate_soxr_strerror(soxr_error_t e) { return soxr_strerror(e); }
