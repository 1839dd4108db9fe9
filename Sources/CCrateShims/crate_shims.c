#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <errno.h>
#include <malloc.h>
#include <sched.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "crate_shims.h"

void crate_set_thread_name(const char *name) {
    char shortened[16];
    snprintf(shortened, sizeof shortened, "%s", name);
    pthread_setname_np(pthread_self(), shortened);
}

int crate_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int crate_sem_wait_monotonic(sem_t *sem, const struct timespec *deadline) {
    return sem_clockwait(sem, CLOCK_MONOTONIC, deadline);
}

int crate_make_thread_idle(void) {
    struct sched_param param = { .sched_priority = 0 };
    int rc = pthread_setschedparam(pthread_self(), SCHED_IDLE, &param);
    if (rc != 0) return rc;
    /* ioprio_set(IOPRIO_WHO_PROCESS, 0 = this thread, IOPRIO_PRIO_VALUE(IOPRIO_CLASS_IDLE, 0)) */
    if (syscall(SYS_ioprio_set, 1, 0, (3 << 13) | 0) != 0) return errno;
    return 0;
}

int crate_make_thread_background(void) {
    /* setpriority with PRIO_PROCESS and a thread id moves that thread only (Linux). */
    if (setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19) != 0) return errno;
    /* ioprio_set(IOPRIO_WHO_PROCESS, this thread, IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 7)) */
    if (syscall(SYS_ioprio_set, 1, 0, (2 << 13) | 7) != 0) return errno;
    return 0;
}

void crate_malloc_trim(void) { malloc_trim(0); }

int crate_malloc_fix_thresholds(size_t bytes) {
    /* Either setting alone turns glibc's dynamic thresholds off; both are set so that
       neither is left at a value it raised on its own. mallopt returns 1 on success. */
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 && mallopt(M_TRIM_THRESHOLD, (int)bytes) == 1;
}

int crate_inotify_open(void) {
    return inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
}
