/* The engine's seccomp filter (#31): what a plugin sharing the engine's process can never do to
 * its supervisor or the system. Written by hand because the filter is a few rules over the
 * kernel's own headers and no package on the list installs a filter (libseccomp is not one). */
#ifndef PLUGBOARD_SANDBOX_H
#define PLUGBOARD_SANDBOX_H

#include <sys/types.h>

/* Installs the filter in the calling process (every thread made after it inherits it; call it
 * before any plugin is loaded). Signals may be sent only to the process itself (kill of itself or
 * its own process group, tgkill and sigqueue of its own threads); ptrace, process_vm_readv/writev,
 * pidfd_send_signal, pidfd_getfd, module and kexec loading, bpf, mount, keyctl and reboot fail
 * with EPERM; a system call of another architecture ends the process. Sets no_new_privs first,
 * as the kernel requires of an unprivileged filter.
 * Returns 0, or the errno of the prctl that failed (EINVAL: the kernel has no seccomp). */
int pb_sandbox_install_filter(pid_t self);

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
