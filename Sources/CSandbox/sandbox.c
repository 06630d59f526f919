#define _GNU_SOURCE /* syscall() */
#include "plugboard_sandbox.h"
#include "early.h"

#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/mount.h>
#include <sys/stat.h>
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
/* Every filter starts so: a call of another architecture, whose numbers would bypass every
 * rule, ends the process; then the call's number is loaded for the rules. */
#define PB_SAME_ARCH_THEN_NR                                      \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARCH),                  \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PB_AUDIT_ARCH, 1, 0),     \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),          \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_NR)
/* If the system call is `nr`, fall through to the next instruction, else skip `skip` of them. */
#define PB_IF_NR(nr, skip) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, (skip))

/* Installs `count` instructions of `filter` in the calling thread (and those it makes after);
 * sets no_new_privs first, as the kernel requires of an unprivileged filter. 0 or errno. */
static int pb_sandbox_install(struct sock_filter *filter, size_t count) {
    struct sock_fprog program = {(unsigned short)count, filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) return errno;
    return 0;
}

/* The filter every sandboxed process has, and all a fork server has: it may still make
 * processes, give them namespaces of their own and signal any process; everything else
 * `pb_sandbox_install_filter` refuses is refused here. */
static int pb_sandbox_install_base(int network) {
    /* Without the network grant, sockets of the internet and packet families are refused even
     * where the kernel gives no network namespace (a jump over the check when granted). */
    const unsigned char sockets = network ? 5 : 0;
    struct sock_filter filter[] = {
        PB_SAME_ARCH_THEN_NR,
#if defined(__x86_64__)
        /* x32 numbers (bit 30) are the same architecture's: refuse them all. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1),
        PB_DENY,
#endif
        /* Refused outright: tracing or reading another process, signalling through a pidfd or
         * a thread of any process, running another program, entering namespaces, kernel code,
         * mounts, keys, reboot. */
        PB_IF_NR(__NR_ptrace, 1), PB_DENY,
        PB_IF_NR(__NR_process_vm_readv, 1), PB_DENY,
        PB_IF_NR(__NR_process_vm_writev, 1), PB_DENY,
        PB_IF_NR(__NR_pidfd_send_signal, 1), PB_DENY,
        PB_IF_NR(__NR_pidfd_getfd, 1), PB_DENY,
        PB_IF_NR(__NR_tkill, 1), PB_DENY,
        PB_IF_NR(__NR_execve, 1), PB_DENY,
        PB_IF_NR(__NR_execveat, 1), PB_DENY,
        PB_IF_NR(__NR_setns, 1), PB_DENY,
        PB_IF_NR(__NR_init_module, 1), PB_DENY,
        PB_IF_NR(__NR_finit_module, 1), PB_DENY,
        PB_IF_NR(__NR_delete_module, 1), PB_DENY,
        PB_IF_NR(__NR_kexec_load, 1), PB_DENY,
        PB_IF_NR(__NR_bpf, 1), PB_DENY,
        PB_IF_NR(__NR_mount, 1), PB_DENY,
        PB_IF_NR(__NR_keyctl, 1), PB_DENY,
        PB_IF_NR(__NR_add_key, 1), PB_DENY,
        PB_IF_NR(__NR_reboot, 1), PB_DENY,
        /* clone3 hides its flags in memory a filter cannot read: ENOSYS, and the C library
         * falls back to clone, whose flags it can. */
        PB_IF_NR(__NR_clone3, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA)),
        /* socket(family, …): without the network grant, no internet or packet socket. Then
         * every other call is allowed. */
        PB_IF_NR(__NR_socket, 7),
        BPF_JUMP(BPF_JMP | BPF_JA, sockets, 0, 0),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARG0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_INET, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_INET6, 1, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_PACKET, 0, 1),
        PB_DENY,
        PB_ALLOW,
        PB_ALLOW,
    };
    return pb_sandbox_install(filter, sizeof filter / sizeof filter[0]);
}

/* What a process that is not a fork server adds over the base: no process (fork, vfork, clone
 * without CLONE_THREAD), no new namespace (unshare), signals to itself only. */
static int pb_sandbox_install_confinement(pid_t self) {
    const unsigned int me = (unsigned int)self;
    const unsigned int my_group = (unsigned int)-self; /* kill(-pid): the group it leads */
    struct sock_filter filter[] = {
        PB_SAME_ARCH_THEN_NR,
#if defined(__NR_fork)
        PB_IF_NR(__NR_fork, 1), PB_DENY,
        PB_IF_NR(__NR_vfork, 1), PB_DENY,
#endif
        PB_IF_NR(__NR_unshare, 1), PB_DENY,
        /* clone(flags, …): a thread of this process (CLONE_THREAD) only. */
        PB_IF_NR(__NR_clone, 4),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARG0),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0),
        PB_DENY,
        PB_ALLOW,
        /* kill(pid, sig): itself, its own group (0 or -self) only. */
        PB_IF_NR(__NR_kill, 6),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARG0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, me, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, my_group, 1, 0),
        PB_DENY,
        PB_ALLOW,
        /* tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo (raise, abort, pthread_kill): its own
         * threads only. Every other call is the base's to answer. */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_tgkill, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_sigqueueinfo, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_rt_tgsigqueueinfo, 1, 0),
        PB_ALLOW,
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, PB_ARG0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, me, 1, 0),
        PB_DENY,
        PB_ALLOW,
    };
    return pb_sandbox_install(filter, sizeof filter / sizeof filter[0]);
}

int pb_sandbox_install_filter(pid_t self, int network) {
    int status = pb_sandbox_install_base(network);
    return status != 0 ? status : pb_sandbox_install_confinement(self);
}

int pb_sandbox_install_server_filter(int network) { return pb_sandbox_install_base(network); }

int pb_sandbox_install_forked_filter(pid_t self) { return pb_sandbox_install_confinement(self); }

/* Writes `text` to the file at `path` (a /proc/self map); returns 0 or errno. */
static int pb_write_file(const char *path, const char *text) {
    int descriptor = open(path, O_WRONLY | O_CLOEXEC);
    ssize_t length = (ssize_t)strlen(text);
    int status = 0;
    if (descriptor < 0) return errno;
    if (write(descriptor, text, (size_t)length) != length) status = errno ? errno : EIO;
    close(descriptor);
    return status;
}

/* The outcome of moving into new user and IPC namespaces before main (0 or errno; -1: not
 * tried, this is not a sandboxed child). */
static int pb_early_namespaces = -1;
/* The engine's flight recorder, opened before the namespaces (-1: none). */
static int pb_early_recorder = -1;

/* The kernel lets only a process with one thread enter a new user namespace, and by the time
 * Swift code runs the runtime has started threads of its own. So a sandboxed child (the hidden
 * `__engine` and `__check-child` subcommands, unless PLUGBOARD_NO_SANDBOX is set) enters its
 * user and IPC namespaces here, before main, where it still has one thread. The network
 * namespace needs no such care and waits for the launch to say whether the network is granted. */
static int pb_enter_user_namespace(uid_t uid, gid_t gid);

static void pb_sandbox_enter_early_namespaces(int argc, char **argv);

/* The fork servers of `plugboard check` (`__check-child --serve`), written in Swift
 * (PlugboardHarness's `CheckForkServer`) and linked only where the harness is. They run here,
 * before main, because by main the Swift runtime has started threads and a process with
 * threads must not fork. It never returns: the processes it forks run their test and end there. */
extern void pb_check_fork_server(void) __attribute__((weak));

__attribute__((constructor)) static void pb_sandbox_enter_namespaces(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || (strcmp(argv[1], "__engine") != 0 && strcmp(argv[1], "__check-child") != 0)) return;
    if (getenv("PLUGBOARD_NO_SANDBOX") == NULL) pb_sandbox_enter_early_namespaces(argc, argv);
    if (argc == 3 && strcmp(argv[1], "__check-child") == 0 && strcmp(argv[2], "--serve") == 0 &&
        pb_check_fork_server != NULL)
        pb_check_fork_server();
}

static void pb_sandbox_enter_early_namespaces(int argc, char **argv) {
    /* The recorder is the supervisor's memfd, reached as /proc/SUPERVISOR/fd/N: from inside a
     * new user namespace the kernel no longer lets this process open it, so it is opened now. */
    const char *scratch = NULL;
    for (int at = 2; at + 1 < argc; at++) {
        if (strcmp(argv[at], "--recorder") == 0) pb_early_recorder = open(argv[at + 1], O_RDWR | O_CLOEXEC);
        if (strcmp(argv[at], "--scratch") == 0) scratch = argv[at + 1];
    }
    pb_sandbox_enter_user_and_ipc_namespaces();
    if (strcmp(argv[1], "__engine") == 0) pb_sandbox_start_warden(pb_early_recorder, scratch);
}

void pb_sandbox_enter_user_and_ipc_namespaces(void) {
    uid_t uid = getuid();
    gid_t gid = getgid();
    if (unshare(CLONE_NEWUSER | CLONE_NEWIPC) != 0) {
        pb_early_namespaces = errno;
    } else {
        pb_early_namespaces = pb_enter_user_namespace(uid, gid);
    }
}

void pb_sandbox_enter_as_forked_engine(int recorder, const char *scratch) {
    pb_early_recorder = recorder;
    if (getenv("PLUGBOARD_NO_SANDBOX") != NULL) return;
    pb_sandbox_enter_user_and_ipc_namespaces();
    pb_sandbox_start_warden(pb_early_recorder, scratch);
}

/* Maps the ids to themselves in the new user namespace; 0 or errno. */
static int pb_enter_user_namespace(uid_t uid, gid_t gid) {
    char map[64];
    int status;
    /* The same ids inside as outside, so files keep their owners; no setgroups (the kernel
     * requires that of an unprivileged gid map). */
    if ((status = pb_write_file("/proc/self/setgroups", "deny")) != 0) return status;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)uid, (unsigned)uid);
    if ((status = pb_write_file("/proc/self/uid_map", map)) != 0) return status;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)gid, (unsigned)gid);
    return pb_write_file("/proc/self/gid_map", map);
}

int pb_sandbox_take_recorder(void) {
    int descriptor = pb_early_recorder;
    pb_early_recorder = -1;
    return descriptor;
}

int pb_sandbox_mount_scratch(const char *folder, unsigned long long limit_kib) {
    char options[64];
    if (pb_early_namespaces != 0) return pb_early_namespaces < 0 ? ECHILD : pb_early_namespaces;
    if (unshare(CLONE_NEWNS) != 0) return errno;
    snprintf(options, sizeof options, "size=%lluk,mode=0700", limit_kib);
    if (mount("tmpfs", folder, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) return errno;
    return 0;
}

int pb_sandbox_unshare(int network) {
    if (pb_early_namespaces != 0) return pb_early_namespaces < 0 ? ECHILD : pb_early_namespaces;
    if (!network && unshare(CLONE_NEWNET) != 0) return errno;
    return 0;
}

/* Landlock's interface, written out so that the host builds against any kernel headers (the
 * build machine's may predate the network and scope parts); the numbers are the kernel's ABI. */
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
struct pb_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net; /* ABI 4 */
    uint64_t scoped;             /* ABI 6 */
};
struct pb_landlock_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));
#define PB_LANDLOCK_RULE_PATH_BENEATH 1
#define PB_LANDLOCK_VERSION 1u
#define PB_FS_EXECUTE (1ull << 0)
#define PB_FS_WRITE_FILE (1ull << 1)
#define PB_FS_READ_FILE (1ull << 2)
#define PB_FS_READ_DIR (1ull << 3)
#define PB_FS_REFER (1ull << 13)    /* ABI 2 */
#define PB_FS_TRUNCATE (1ull << 14) /* ABI 3 */
#define PB_FS_IOCTL_DEV (1ull << 15) /* ABI 5 */
#define PB_NET_BIND_TCP (1ull << 0)
#define PB_NET_CONNECT_TCP (1ull << 1)
#define PB_SCOPE_ABSTRACT_UNIX_SOCKET (1ull << 0)
#define PB_SCOPE_SIGNAL (1ull << 1)

int pb_sandbox_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, PB_LANDLOCK_VERSION);
    return abi < 0 ? 0 : (int)abi;
}

/* Adds a rule letting `rights` (of those handled) reach beneath `path`; a path that does not
 * exist is no rule and no error. A file gets the file rights only, as the kernel requires. */
static int pb_landlock_allow(int ruleset, const char *path, uint64_t rights) {
    struct stat status;
    struct pb_landlock_path_beneath_attr rule;
    int descriptor = open(path, O_PATH | O_CLOEXEC);
    int result = 0;
    if (descriptor < 0) return errno == ENOENT || errno == ENOTDIR || errno == EACCES ? 0 : errno;
    if (fstat(descriptor, &status) == 0 && !S_ISDIR(status.st_mode))
        rights &= PB_FS_EXECUTE | PB_FS_WRITE_FILE | PB_FS_READ_FILE | PB_FS_TRUNCATE | PB_FS_IOCTL_DEV;
    rule.allowed_access = rights;
    rule.parent_fd = descriptor;
    if (syscall(SYS_landlock_add_rule, ruleset, PB_LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0) result = errno;
    close(descriptor);
    return result;
}

int pb_sandbox_landlock(const char *const *readable, int readable_count, const char *const *writable,
                        int writable_count, int network) {
    struct pb_landlock_ruleset_attr attributes = {0, 0, 0};
    size_t size = sizeof attributes.handled_access_fs;
    int abi = pb_sandbox_landlock_abi(), ruleset, status = 0, at;
    uint64_t read_rights = PB_FS_EXECUTE | PB_FS_READ_FILE | PB_FS_READ_DIR;
    if (abi < 1) return ENOSYS;
    attributes.handled_access_fs = (1ull << 13) - 1; /* ABI 1: execute … make_sym */
    if (abi >= 2) attributes.handled_access_fs |= PB_FS_REFER;
    if (abi >= 3) attributes.handled_access_fs |= PB_FS_TRUNCATE;
    if (abi >= 5) attributes.handled_access_fs |= PB_FS_IOCTL_DEV;
    if (abi >= 4) {
        size = offsetof(struct pb_landlock_ruleset_attr, scoped);
        if (!network) attributes.handled_access_net = PB_NET_BIND_TCP | PB_NET_CONNECT_TCP;
    }
    if (abi >= 6) {
        size = sizeof attributes;
        attributes.scoped = PB_SCOPE_ABSTRACT_UNIX_SOCKET | PB_SCOPE_SIGNAL;
    }
    ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return errno;
    for (at = 0; at < readable_count && status == 0; at++)
        status = pb_landlock_allow(ruleset, readable[at], read_rights);
    for (at = 0; at < writable_count && status == 0; at++)
        status = pb_landlock_allow(ruleset, writable[at], attributes.handled_access_fs);
    if (status == 0 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) status = errno;
    if (status == 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) status = errno;
    close(ruleset);
    return status;
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

int pb_sandbox_die_with_forking_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return errno;
    if (getppid() != parent) _exit(137); /* it ended before the prctl */
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
