/* insncount: a qemu TCG plugin that counts every guest instruction a process executes
 * under qemu-user, and appends "pid=P insns=N" to the file given as out=PATH at exit.
 *
 * Debian ships neither qemu's contrib plugins nor qemu-plugin.h, so the few parts of the
 * plugin API (version 1, qemu 7.2) used here are declared below from its documentation.
 *
 * Counting: at translation each block gets an exec callback carrying its instruction
 * count. Guest threads are vCPUs running in parallel host threads in linux-user, so a
 * plain inline add to one counter would lose updates; each callback adds atomically to a
 * counter slot chosen by vCPU index (one cache line each, so threads do not share lines).
 * A block left early by an exception counts whole: negligible next to millions. */
#include <fcntl.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct {
    const char *target_name;
    struct { int min; int cur; } version;
    bool system_emulation;
    /* a union follows that this plugin never reads */
} qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS = 0 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
        void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
        void (*cb)(unsigned int vcpu_index, void *userdata),
        enum qemu_plugin_cb_flags flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
        void (*cb)(qemu_plugin_id_t id, void *userdata), void *userdata);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define SLOTS 64
static struct { _Atomic uint64_t n; char pad[56]; } counts[SLOTS] __attribute__((aligned(64)));
static char out_path[4096];

static void on_exec(unsigned int vcpu, void *userdata)
{
    atomic_fetch_add_explicit(&counts[vcpu % SLOTS].n, (uint64_t)(uintptr_t)userdata,
                              memory_order_relaxed);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_exec, QEMU_PLUGIN_CB_NO_REGS,
                                         (void *)(uintptr_t)qemu_plugin_tb_n_insns(tb));
}

static void on_exit(qemu_plugin_id_t id, void *userdata)
{
    (void)id; (void)userdata;
    uint64_t total = 0;
    for (int i = 0; i < SLOTS; i++)
        total += atomic_load_explicit(&counts[i].n, memory_order_relaxed);
    char line[128];
    int len = snprintf(line, sizeof line, "pid=%ld insns=%llu\n", (long)getpid(),
                       (unsigned long long)total);
    /* Appended, one write: a forked child (it keeps the plugin) adds its own line. */
    int fd = out_path[0] ? open(out_path, O_WRONLY | O_CREAT | O_APPEND, 0644) : -1;
    if (fd >= 0) {
        if (write(fd, line, (size_t)len) != len)
            qemu_plugin_outs("insncount: short write\n");
        close(fd);
    } else {
        qemu_plugin_outs(line);
    }
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], "out=", 4) == 0)
            snprintf(out_path, sizeof out_path, "%s", argv[i] + 4);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_exit, NULL);
    return 0;
}
