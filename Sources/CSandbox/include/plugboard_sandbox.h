/* The engine's seccomp filter (#31): what a plugin sharing the engine's process can never do to
 * its supervisor or the system. Written by hand because the filter is a few rules over the
 * kernel's own headers and no package on the list installs a filter (libseccomp is not one). */
#ifndef PLUGBOARD_SANDBOX_H
#define PLUGBOARD_SANDBOX_H

#include <stddef.h>
#include <sys/types.h>

/* Installs the filter in the calling process (every thread made after it inherits it; call it
 * last, before any plugin is loaded). Signals may be sent only to the process itself (kill of
 * itself or its own process group, tgkill and sigqueue of its own threads); ptrace,
 * process_vm_readv/writev, pidfd_send_signal, pidfd_getfd, execve, execveat, fork, vfork, clone
 * without CLONE_THREAD (a thread may be made, a process may not), unshare, setns, module and
 * kexec loading, bpf, mount, keyctl and reboot fail with EPERM, clone3 with ENOSYS (the C
 * library then uses clone); without `network`, socket() of AF_INET, AF_INET6 and AF_PACKET fails
 * with EPERM. A system call of another architecture ends the process. Sets no_new_privs first,
 * as the kernel requires of an unprivileged filter. It is two filters, stacked: the fork
 * server's variant (below) and the rules `pb_sandbox_install_forked_filter` adds to it, so that
 * a fresh child and a forked test are confined by the same rules.
 * Returns 0, or the errno of the prctl that failed (EINVAL: the kernel has no seccomp). */
int pb_sandbox_install_filter(pid_t self, int network);
/* The variant of the filter a library's fork server installs (`plugboard check`): the same,
 * except that processes may be made (fork, vfork, clone without CLONE_THREAD), may leave
 * namespaces (unshare: each forked process enters an IPC namespace of its own) and signals may
 * be sent to any process — the server kills the test processes it forks. Every process it
 * forks installs `pb_sandbox_install_forked_filter` over it (filters stack: the stricter answer
 * wins), so a test runs under exactly the filter of a fresh child. What is weaker is the server
 * itself while it loads the library: a constructor runs under this variant. */
int pb_sandbox_install_server_filter(int network);
/* In a process a fork server forked, over the server's variant it inherited: refuses exactly
 * what that variant allows and `pb_sandbox_install_filter` does not (fork, vfork, clone without
 * CLONE_THREAD, unshare, and signals to any process but this one), so that the two filters
 * together answer every call as `pb_sandbox_install_filter` alone would. A few rules instead of
 * the whole filter again: the kernel compiles each filter a process installs, and a test
 * process installs one for every test. Returns 0 or the errno of the prctl that failed. */
int pb_sandbox_install_forked_filter(pid_t self);
/* Completes the namespaces of a sandboxed child: a constructor has already moved it, before
 * main, into new user and IPC namespaces (it shares no System V or POSIX IPC with the
 * supervisor; user and group ids stay the same inside); this adds a new network namespace (no
 * interface but a loopback that is down) unless `network`, so that ungranted it reaches no
 * network at all. Returns 0 or errno: that of the constructor's unshare (EPERM or ENOSPC: user
 * namespaces are off on this machine), ECHILD when the process is not a sandboxed child
 * (`__engine`, `__check-child`), or that of this unshare. */
int pb_sandbox_unshare(int network);
/* Makes `folder` (an engine's scratch folder, empty) a file system of at most `limit_kib` KiB in
 * memory, seen by this process alone: a new mount namespace, then a tmpfs mounted on the folder
 * (owner only, no set-user-id, no devices). What plugins write there cannot fill the disk, is
 * bounded (writing past it fails with ENOSPC), and goes when the process ends, however it ends.
 * Call it after pb_sandbox_unshare (inside the user namespace) and before the filter, which
 * refuses mount. Returns 0 or errno. */
int pb_sandbox_mount_scratch(const char *folder, unsigned long long limit_kib);
/* In a process a fork server forked: a new IPC namespace of its own, as a fresh child has (it
 * still has the server's capabilities in the server's user namespace), so that no test sees
 * the IPC objects another left: they outlive their process. Not a network namespace: the
 * server's is already cut off, a socket ends with its process, and the tests of a library run
 * one after another (making one cost a test more than its run). 0 or errno. */
int pb_sandbox_unshare_forked(void);
/* The flight recorder (the `--recorder PATH` argument of `__engine`), opened read-write by the
 * constructor before it entered the new user namespace, from which the supervisor's /proc
 * entries can no longer be opened; the caller owns it. -1: not opened that way. */
int pb_sandbox_take_recorder(void);
/* The Landlock ABI version the kernel offers, 0 without Landlock. */
int pb_sandbox_landlock_abi(void);
/* Restricts the calling process (and every thread and process it makes after) with Landlock:
 * files and folders beneath `readable` may be read and executed (mapped), those beneath
 * `writable` also written, made and removed; nothing else of the file system may be opened.
 * Paths that do not exist are skipped. Without `network`, TCP bind and connect are refused
 * (ABI 4); signals to and abstract UNIX sockets of processes outside the sandbox are refused
 * (ABI 6). Descriptors already open keep working. Returns 0 or errno (ENOSYS: no Landlock). */
int pb_sandbox_landlock(const char *const *readable, int readable_count, const char *const *writable,
                        int writable_count, int network);
/* Ends the calling process when its parent process ends: an engine never outlives its
 * supervisor, even while a plugin spins. A thread waits on the parent's pidfd (PR_SET_PDEATHSIG
 * would not do: it follows the parent *thread*, and a supervisor starts engines from worker
 * threads that may end while it runs). Returns 0 or the error of pthread_create. */
int pb_sandbox_die_with_parent(void);
/* The same for a process a fork server forked, without a thread: the server has one thread,
 * so PR_SET_PDEATHSIG (SIGKILL), which follows the thread that forked, follows the server.
 * `parent` is the server's pid, taken before the fork: a process whose server has already
 * ended ends at once. Returns 0 or the errno of the prctl. */
int pb_sandbox_die_with_forking_parent(pid_t parent);

/* A shared memory file of `size` bytes, close-on-exec, sealed so that it can never shrink or
 * grow: the flight recorder. The engine maps it too, so a plugin can reach it; sealed, it cannot
 * truncate it under the supervisor, which would then die of SIGBUS reading it.
 * Returns the descriptor, or -1 with errno set. */
int pb_sealed_memfd(const char *name, unsigned long size);


/* Called while the process exits (an atexit handler): the library whose code is on the calling
 * thread's stack — the first frame that is neither this executable's nor a system or Swift
 * runtime library's — copied into `path`. Returns 1 when there is one (plugin code called
 * `exit()`), else 0. Uses backtrace(3): not for signal handlers. */
int pb_sandbox_plugin_caller(char *path, size_t size);

/* The flight recorder's size and where in it the warden writes its verdict (the Swift
 * FlightRecorder's layout, version 2: header, call frames, log lines, then the verdict). */
#define PB_RECORDER_VERDICT_OFFSET 8768
#define PB_RECORDER_SIZE (PB_RECORDER_VERDICT_OFFSET + 512)
#define PB_WARDEN_NO_FAULT 1u
#define PB_WARDEN_FAULT 2u
/* What the warden saw of the engine's end: whether a thread of it faulted (a signal the kernel
 * sent for the instruction it ran), at which instruction, touching which address, and the file
 * mapped at that instruction (the library whose code faulted). */
struct pb_warden_verdict {
    unsigned int state; /* 0: none written; PB_WARDEN_NO_FAULT or PB_WARDEN_FAULT */
    unsigned int signal;
    unsigned long long address; /* the program counter */
    unsigned long long data;    /* the faulting address (si_addr) */
    char library[488];
};
/* Splits a sandboxed engine, before main and while it has one thread, into a warden and the
 * engine (#31: blame that cannot be forged). The calling process becomes the warden and never
 * returns: it traces the engine with ptrace (the engine's seccomp filter forbids the engine
 * itself to trace anything), lets every signal through, notes where a thread faulted, writes
 * the verdict into the recorder (`recorder`, a descriptor; -1: none) once the engine has ended
 * — when none of its code can run any more — and ends as the engine ended. The engine, its
 * child, returns from this call once it is traced and goes on to main; it dies with the warden.
 * The supervisor sees one process, the warden, whose end is the engine's. When the engine has
 * ended the warden also removes `scratch` (the engine's only writable folder, named on its
 * command line by the supervisor; NULL: none) with `pb_sandbox_remove_tree`, so a supervisor
 * killed with SIGKILL leaves no folder behind: the warden sees it end and kills the engine. */
void pb_sandbox_start_warden(int recorder, const char *scratch);
/* Removes the folder at `path` and everything in it, never following a symbolic link (a link in
 * it is removed itself, and so is one swapped in for a folder while this runs): for folders a
 * plugin could write, however deep they nest (no more than 64 are open at once: a deeper one is
 * moved up into the folder first). Returns 0 or the first errno. */
int pb_sandbox_remove_tree(const char *path);
/* Opens the folder `name` in `parent` (a descriptor, or AT_FDCWD) to read and empty it, never
 * following a symbolic link, and gives its owner back every right on it first: a plugin may have
 * taken them from a folder it made (mode 000, or 0500), and without them neither the caller's
 * removal nor its `flock` could open it, though it is the caller's own. A descriptor, or -1 with
 * errno. */
int pb_sandbox_open_folder(int parent, const char *name);
/* In the engine: 0 when its warden traces it, EPERM when the kernel refused (no verdicts),
 * -1 when there is no warden (not an engine, the sandbox off, or fork failed). */
int pb_sandbox_warden_status(void);
/* The fork server of `plugboard check`: its messages on a SOCK_SEQPACKET socket pair, one
 * record per call, with up to PB_FORK_SERVER_MAX_DESCRIPTORS descriptors attached. */
#define PB_FORK_SERVER_MAX_DESCRIPTORS 4
/* Sends `bytes` with `descriptors` (SCM_RIGHTS) as one record, never raising SIGPIPE.
 * Returns 0 or errno. */
int pb_fork_server_send(int socket, const void *bytes, size_t length, const int *descriptors, int count);
/* Receives one record into `buffer` and its descriptors (close-on-exec) into `descriptors`,
 * `count` of them. Returns its length (0: the other end closed), or -1 with errno set (EMSGSIZE:
 * it did not fit). */
long pb_fork_server_receive(int socket, void *buffer, size_t capacity, int *descriptors, int *count);
/* Makes the calling process the reaper of every process its descendants orphan, so that one a
 * library's constructor started and left is still seen as a child. 0 or errno. */
int pb_fork_server_become_subreaper(void);
/* 1 when the calling process has a child that still runs (those that ended are reaped). */
int pb_fork_server_has_children(void);
/* Kills every process this one started and every orphan it reaps as a subreaper (SIGKILL), and
 * reaps them: what a library's constructor started, left as the server refuses the library. */
void pb_fork_server_kill_children(void);
/* fork(2). */
pid_t pb_fork_server_fork(void);
/* Runs `body(context)` on a new thread and waits for it, in a process a fork server forked:
 * a new thread starts with empty thread-local caches, where the forking thread's hold what the
 * server put there — among them the thread id each Swift module caches for Synchronization's
 * Mutex, which would be the server's, so that a Mutex two threads of a test contend breaks.
 * `body` is expected to end the process. Returns 0 once the thread has ended without ending it
 * (a `pthread_exit` in a plugin), or the error of pthread_create (then nothing ran). */
int pb_fork_server_run_on_new_thread(void (*body)(void *), void *context);
/* A file in memory (memfd_create, close-on-exec) for a forked test to write through the
 * descriptor it is sent (its transcript, `append`: every write at the end, or its output): no
 * name in any folder to make, open and remove for each test. Returns it, or -1 with errno. */
int pb_fork_server_scratch(const char *name, int append);
/* Waits for `child` to end and reaps it into `status` (waitpid's): meanwhile a "kill" record on
 * `socket` or the socket's end (the parent gone) kills it with SIGKILL. Returns 0, or 1 when the
 * parent is gone. */
int pb_fork_server_wait(pid_t child, int socket, int *status);
/* `plugboard run`'s engine, forked before main. Supervised, `run` forks its engine in a
 * constructor, while it has one thread, rather than starting a new process of itself from main:
 * the engine's own start (the dynamic linker, the Swift run-time) is then the parent's, paid
 * once. The forked process waits for its flight recorder and scratch folder
 * (`pb_engine_fork_hand_over`), then starts as an `__engine` process does: its requests on
 * descriptor 0, its replies on 1, the recorder on 3, nothing else open but standard error, its
 * own process group, caught signals back to their defaults, its namespaces and its warden.
 * PLUGBOARD_NO_ENGINE_FORK in the environment turns it off (the engine is then started as a new
 * process, as it is after a crash). */
/* 1 when `argv` is a `run` that surely runs a supervised engine (not --in-process, --no-sandbox
 * or help, before any "--") and PLUGBOARD_NO_ENGINE_FORK is not set: the constructor's test. */
int pb_engine_fork_wanted(int argc, char *const *argv);
/* In the parent: the engine forked before main, once — its pid (-1: none, or already taken),
 * the writing end of its requests, the reading end of its replies and the hand-over socket, all
 * close-on-exec and the caller's to close. */
pid_t pb_engine_fork_take(int *requests, int *replies, int *hand_over);
/* Sends the forked engine its recorder (a descriptor) and scratch folder (NULL: none), which it
 * waits for before anything else; the caller then closes `hand_over`. 0 or errno. Closing it
 * without sending ends the engine, without a word. */
int pb_engine_fork_hand_over(int hand_over, int recorder, const char *scratch);
/* 1 in the engine forked before main (then main runs it instead of the command line's `run`). */
int pb_engine_fork_is_engine(void);
/* In the forked engine: its scratch folder, or NULL. */
const char *pb_engine_fork_scratch(void);
/* The process that forks `plugboard check`'s fork servers (`__check-child --serve`), started
 * before main: a constructor starts it (posix_spawn of /proc/self/exe, LD_BIND_NOW=1), so that
 * its start overlaps the parent's. PLUGBOARD_NO_CHECK_PRESTART in the environment turns it off;
 * a check that needs the process then starts it from main, as it does when this one is gone. */
/* 1 when `argv` is a `check` that will use a fork server (not --in-process, --no-fork-server,
 * --list, --help, -h or --version, before any "--") and PLUGBOARD_NO_CHECK_PRESTART is not set:
 * the constructor's test. A wrong yes costs a process that ends unused with its parent (its
 * socket closes); a wrong no only the overlap. */
int pb_check_server_wanted(int argc, char *const *argv);
/* In the parent: the process started before main, once, when it runs `executable` — its pid
 * (-1: none, another executable, or already taken), the parent's end of its socket
 * (SOCK_SEQPACKET, its standard input) and the file in memory that is its output, both
 * close-on-exec and the caller's to close. The caller also reaps it. */
pid_t pb_check_prestart_take(const char *executable, int *socket, int *output);
/* A pidfd of the child `process` (close-on-exec), readable once it has ended; -1 with errno
 * (ENOSYS: a kernel before 5.3). */
int pb_process_descriptor(pid_t process);
#endif
