/* What Debian sid's Swift runtime (built against glibc 2.42) calls that Debian 12's glibc
 * 2.36 lacks, linked statically into the arm64 binaries (deploy/arm64/prepare.sh).
 * glibc 2.38 gave C23 names to the scanf/strtol family (C23 adds "0b" binary prefixes,
 * which the runtime never parses) and added strlcpy/strlcat; the older entry points do
 * the same work here. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long __isoc23_strtol(const char *s, char **end, int base) { return strtol(s, end, base); }
long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }
intmax_t __isoc23_strtoimax(const char *s, char **end, int base) { return strtoimax(s, end, base); }
uintmax_t __isoc23_strtoumax(const char *s, char **end, int base) { return strtoumax(s, end, base); }

int __isoc23_vsscanf(const char *s, const char *format, va_list args) { return vsscanf(s, format, args); }
int __isoc23_sscanf(const char *s, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsscanf(s, format, args);
    va_end(args);
    return n;
}

size_t strlcpy(char *dst, const char *src, size_t size) {
    size_t length = strlen(src);
    if (size > 0) {
        size_t n = length < size - 1 ? length : size - 1;
        memcpy(dst, src, n);
        dst[n] = '\0';
    }
    return length;
}

size_t strlcat(char *dst, const char *src, size_t size) {
    size_t used = strnlen(dst, size);
    if (used == size) return size + strlen(src);
    return used + strlcpy(dst + used, src, size - used);
}
