/* The engine's seccomp filter (#31): what a plugin sharing the engine's process can never do to
 * its supervisor or the system. Written by hand because the filter is a few rules over the
 * kernel's own headers and no package on the list installs a filter (libseccomp is not one). */
#ifndef PLUGBOARD_SANDBOX_H
#define PLUGBOARD_SANDBOX_H

#include <sys/types.h>

/* Installs the filter in the calling process (every thread made after it inherits it; call it
 * last, before any plugin is loaded). Signals may be sent only to the process itself (kill of
 * itself or its own process group, tgkill and sigqueue of its own threads); ptrace,
 * process_vm_readv/writev, pidfd_send_signal, pidfd_getfd, execve, execveat, fork, vfork, clone
 * without CLONE_THREAD (a thread may be made, a process may not), unshare, setns, module and
 * kexec loading, bpf, mount, keyctl and reboot fail with EPERM, clone3 with ENOSYS (the C
 * library then uses clone); without `network`, socket() of AF_INET, AF_INET6 and AF_PACKET fails
 * with EPERM. A system call of another architecture ends the process. Sets no_new_privs first,
 * as the kernel requires of an unprivileged filter.
 * Returns 0, or the errno of the prctl that failed (EINVAL: the kernel has no seccomp). */
int pb_sandbox_install_filter(pid_t self, int network);
/* Completes the namespaces of a sandboxed child: a constructor has already moved it, before
 * main, into new user and IPC namespaces (it shares no System V or POSIX IPC with the
 * supervisor; user and group ids stay the same inside); this adds a new network namespace (no
 * interface but a loopback that is down) unless `network`, so that ungranted it reaches no
 * network at all. Returns 0 or errno: that of the constructor's unshare (EPERM or ENOSPC: user
 * namespaces are off on this machine), ECHILD when the process is not a sandboxed child
 * (`__engine`, `__check-child`), or that of this unshare. */
int pb_sandbox_unshare(int network);
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

/* A shared memory file of `size` bytes, close-on-exec, sealed so that it can never shrink or
 * grow: the flight recorder. The engine maps it too, so a plugin can reach it; sealed, it cannot
 * truncate it under the supervisor, which would then die of SIGBUS reading it.
 * Returns the descriptor, or -1 with errno set. */
int pb_sealed_memfd(const char *name, unsigned long size);

#endif
