#ifndef CRATE_SHIMS_H
#define CRATE_SHIMS_H

/* Small non-variadic, non-macro doors into C that Swift cannot call directly. */

/* Names the calling thread (at most 15 bytes are kept), as seen in /proc and top. */
void crate_set_thread_name(const char *name);

/* sem_clockwait on CLOCK_MONOTONIC (a GNU extension Swift's Glibc module hides), so a
   wall-clock change cannot stretch a wait. Returns 0, or -1 with errno set. */
#include <semaphore.h>
#include <time.h>
int crate_sem_wait_monotonic(sem_t *sem, const struct timespec *deadline);

/* A non-blocking, close-on-exec eventfd (sys/eventfd.h is not in Swift's Glibc module). */
int crate_eventfd(void);

/* Puts the calling thread at idle CPU priority (SCHED_IDLE) and idle I/O priority
   (ioprio class IDLE): it then runs only when nothing else wants the CPU or the disk.
   Returns 0, or an errno value for the first of the two that failed. */
int crate_make_thread_idle(void);

/* Puts the calling thread at the lowest normal CPU priority (nice 19) and the lowest
   best-effort I/O priority: it yields to everything, but a busy machine cannot starve it.
   Returns 0, or an errno value for the first of the two that failed. */
int crate_make_thread_background(void);

/* malloc_trim(0): glibc gives freed heap pages back to the system. */
void crate_malloc_trim(void);

#include <stddef.h>
/* Fixes glibc's mmap and trim thresholds at `bytes` (mallopt M_MMAP_THRESHOLD and
   M_TRIM_THRESHOLD), which turns off their dynamic raising. Returns 1, or 0 if refused. */
int crate_malloc_fix_thresholds(size_t bytes);

/* inotify (sys/inotify.h is not in Swift's Glibc module; its IN_* masks come with it). */
#include <sys/inotify.h>
/* A non-blocking, close-on-exec inotify instance, or -1 with errno set. */
int crate_inotify_open(void);

/* epoll (sys/epoll.h is not in Swift's Glibc module either), for MPD's many idle clients. */
#include <sys/epoll.h>

#endif
