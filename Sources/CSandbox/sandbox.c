#define _GNU_SOURCE /* syscall() */
#include "plugboard_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/memfd.h>
#include <signal.h>
#include <stddef.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#if defined(__x86_64__)
#define PB_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define PB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "the engine's seccomp filter knows x86_64 and aarch64"
#endif

#define PB_NR offsetof(struct seccomp_data, nr)
#define PB_ARCH offsetof(struct seccomp_data, arch)
/* The low 32 bits of the first argument (little-endian): a pid_t. */
#define PB_ARG0 offsetof(struct seccomp_data, args[0])

#define PB_DENY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define PB_ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
/* If the system call is `nr`, fall through to the next instruction, else skip `skip` of them. */
#define PB_IF_NR(nr, skip) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, (skip))

int pb_sandbox_install_filter(pid_t self) {
    const unsigned int me = (unsigned int)self;
    const unsigned int my_group = (unsigned int)-self; /* kill(-pid): the group it leads */
    struct sock_filter filter[] = {
        /* Another architecture's numbers would bypass every rule: end the process. */
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARCH),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PB_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_NR),
#if defined(__x86_64__)
        /* x32 numbers (bit 30) are the same architecture's: refuse them all. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1),
        PB_DENY,
#endif
        /* kill(pid, sig): itself, its own group (0 or -self) only. */
        PB_IF_NR(__NR_kill, 6),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARG0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, me, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, my_group, 1, 0),
        PB_DENY,
        PB_ALLOW,
        /* tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo (raise, abort, pthread_kill): its own
         * threads only. Other numbers skip to the refused list with the number still loaded. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_sigqueueinfo, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_tgsigqueueinfo, 1, 0),
        BPF_STMT(BPF_JMP | BPF_JA, 4),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARG0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, me, 1, 0),
        PB_DENY,
        PB_ALLOW,
        /* Refused outright. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tkill, 15, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ptrace, 14, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, 13, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_writev, 12, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pidfd_send_signal, 11, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pidfd_getfd, 10, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_init_module, 9, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_finit_module, 8, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_delete_module, 7, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_kexec_load, 6, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_bpf, 5, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mount, 4, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_keyctl, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_reboot, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_add_key, 1, 0),
        PB_ALLOW,
        PB_DENY,
    };
    struct sock_fprog program = {(unsigned short)(sizeof filter / sizeof filter[0]), filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) return errno;
    return 0;
}

static pid_t pb_parent;

/* Waits for the parent process to end (its pidfd becomes readable; without pidfd_open, its pid
 * stops being the parent), then ends this one. */
static void *pb_watch_parent(void *unused) {
    int descriptor = (int)syscall(SYS_pidfd_open, pb_parent, 0);
    (void)unused;
    if (descriptor >= 0) {
        struct pollfd ended = {descriptor, POLLIN, 0};
        while (poll(&ended, 1, -1) < 0 && errno == EINTR) {
        }
    } else {
        while (getppid() == pb_parent) sleep(1);
    }
    _exit(137);
}

int pb_sandbox_die_with_parent(void) {
    pthread_t watcher;
    int status;
    pb_parent = getppid();
    if (pb_parent == 1) _exit(137); /* the parent ended before this process could watch it */
    status = pthread_create(&watcher, NULL, pb_watch_parent, NULL);
    if (status != 0) return status;
    pthread_detach(watcher);
    return 0;
}

int pb_sealed_memfd(const char *name, unsigned long size) {
    int descriptor = (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (descriptor < 0) return -1;
    if (ftruncate(descriptor, (off_t)size) != 0 ||
        fcntl(descriptor, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    return descriptor;
}
