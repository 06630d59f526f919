#define _GNU_SOURCE /* ptrace options, signalfd, __WALL */
#include "plugboard_sandbox.h"
#include "folders.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h> /* FIONREAD */
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__aarch64__)
#include <elf.h> /* NT_PRSTATUS */
#include <asm/ptrace.h>
#endif

/* What the engine learns of its warden from the byte the warden sends once it traces it. */
static int pb_warden_state = -1;

int pb_sandbox_warden_status(void) { return pb_warden_state; }

/* The instruction and stack addresses a stopped thread was at; 0, or -1 when unreadable. */
static int pb_registers(pid_t thread, unsigned long long *instruction, unsigned long long *stack) {
#if defined(__x86_64__)
    struct user_regs_struct registers;
    if (ptrace(PTRACE_GETREGS, thread, NULL, &registers) != 0) return -1;
    *instruction = registers.rip;
    *stack = registers.rsp;
#elif defined(__aarch64__)
    struct user_pt_regs registers;
    struct iovec vector = {&registers, sizeof registers};
    if (ptrace(PTRACE_GETREGSET, thread, (void *)NT_PRSTATUS, &vector) != 0) return -1;
    *instruction = registers.pc;
    *stack = registers.sp;
#endif
    return 0;
}

/* A file mapped executable in the engine: where its code lies. */
struct pb_code_range {
    unsigned long long start, end;
    char file[sizeof ((struct pb_warden_verdict *)0)->library];
};

/* The executable file mappings of `process` (from its /proc maps), at most 512; their count. */
static int pb_code_ranges(pid_t process, struct pb_code_range **ranges) {
    static struct pb_code_range found[512];
    char name[64], line[4608];
    int count = 0;
    FILE *maps;
    *ranges = found;
    snprintf(name, sizeof name, "/proc/%d/maps", (int)process);
    if ((maps = fopen(name, "re")) == NULL) return 0;
    while (count < 512 && fgets(line, sizeof line, maps) != NULL) {
        char permissions[8];
        int at = 0;
        if (sscanf(line, "%llx-%llx %7s %*s %*s %*s %n", &found[count].start, &found[count].end, permissions, &at) < 3)
            continue;
        if (at == 0 || permissions[2] != 'x' || line[at] != '/') continue;
        line[strcspn(line, "\n")] = '\0';
        snprintf(found[count].file, sizeof found[count].file, "%s", line + at);
        count++;
    }
    fclose(maps);
    return count;
}

/* The file whose code lies at `address`; NULL when none. */
static const char *pb_code_at(const struct pb_code_range *ranges, int count, unsigned long long address) {
    for (int at = 0; at < count; at++) {
        if (address >= ranges[at].start && address < ranges[at].end) return ranges[at].file;
    }
    return NULL;
}

/* The code no plugin is, which a plugin reaches by calling it: the engine's executable and the
 * folders of the C library and the Swift runtime. */
struct pb_system_code {
    char executable[4096];
    const char *system, *swift; /* a file in each folder, or NULL */
};

/* The engine's system code, among its `count` code `ranges`. */
static void pb_find_system_code(pid_t engine, const struct pb_code_range *ranges, int count,
                                struct pb_system_code *code) {
    char exe_link[64];
    ssize_t length;
    snprintf(exe_link, sizeof exe_link, "/proc/%d/exe", (int)engine);
    length = readlink(exe_link, code->executable, sizeof code->executable - 1);
    code->executable[length > 0 ? length : 0] = '\0';
    code->system = code->swift = NULL;
    for (int at = 0; at < count; at++) {
        const char *base = strrchr(ranges[at].file, '/') + 1;
        if (strncmp(base, "libc.so", 7) == 0) code->system = ranges[at].file;
        if (strncmp(base, "libswiftCore.so", 15) == 0) code->swift = ranges[at].file;
    }
}

/* True when `file` is system code. */
static int pb_is_system_code(const struct pb_system_code *code, const char *file) {
    return strcmp(file, code->executable) == 0 || (code->system && pb_in_folder_of(file, code->system)) ||
           (code->swift && pb_in_folder_of(file, code->swift));
}

/* For a thread that raised a signal itself (abort(), raise()), or with `faulted` one whose
 * fault `library` names on entry (the file whose code faulted, "" for none): the innermost
 * return address on its stack that lies in the code of a library that is not system code — the
 * library whose code asked for it — copied into `library`. A fault is traced on only from the C
 * library's or the Swift runtime's code (a plugin that passed memcpy a bad pointer) or from no
 * code (a call through a null pointer): one in a plugin's code is that plugin's, and one in the
 * executable's the host's. Returns 1 when `library` was replaced. */
static int pb_caller_on_stack(pid_t engine, pid_t thread, int faulted, char *library, size_t size) {
    static unsigned long long words[32768]; /* 256 KiB of stack */
    static struct pb_system_code code;
    struct pb_code_range *ranges;
    unsigned long long instruction, stack;
    ssize_t length;
    int count = pb_code_ranges(engine, &ranges), word;
    pb_find_system_code(engine, ranges, count, &code);
    if (faulted && library[0] != '\0' &&
        (strcmp(library, code.executable) == 0 || !pb_is_system_code(&code, library)))
        return 0;
    if (pb_registers(thread, &instruction, &stack) != 0) return 0;
    struct iovec local = {words, sizeof words}, remote = {(void *)(uintptr_t)stack, sizeof words};
    length = process_vm_readv(thread, &local, 1, &remote, 1, 0);
    for (word = 0; length > 0 && word < (int)(length / (ssize_t)sizeof words[0]); word++) {
        const char *file = pb_code_at(ranges, count, words[word]);
        if (file == NULL || pb_is_system_code(&code, file)) continue;
        snprintf(library, size, "%s", file);
        return 1;
    }
    return 0;
}

/* True for the signals the kernel sends a thread for the instruction it ran. */
static int pb_is_fault(int signal) {
    return signal == SIGSEGV || signal == SIGBUS || signal == SIGILL || signal == SIGFPE || signal == SIGTRAP;
}

/* Ends the warden as the engine ended: the same exit status, or the same signal. */
static void pb_mirror(int status) {
    int signal;
    sigset_t all;
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    signal = WTERMSIG(status);
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    prctl(PR_SET_DUMPABLE, 0);
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal, &fallback, NULL);
    raise(signal);
    _exit(128 + signal);
}

/* True for a folder the supervisor made for an engine (`EngineScratch`): an absolute path whose
 * last part begins `plugboard-engine-`. Anything else on the command line is not removed. */
static int pb_is_scratch(const char *path) {
    const char *slash = path != NULL ? strrchr(path, '/') : NULL;
    return path != NULL && path[0] == '/' && strncmp(slash + 1, "plugboard-engine-", 17) == 0 &&
           strstr(path, "/../") == NULL;
}

/* Copies what the engine wrote to its standard output and error to the warden's standard error
 * (the supervisor's), with every control character but newline and tab written as `\u{1B}`, as
 * the supervisor writes plugins' log lines: plugin code may write to those descriptors, and a
 * terminal would take its escape sequences (clear the screen, set the title) as commands. */
static void pb_forward_output(int output) {
    unsigned char bytes[4096];
    char escaped[sizeof bytes * 8];
    ssize_t count = read(output, bytes, sizeof bytes);
    size_t used = 0;
    for (ssize_t at = 0; at < count; at++) {
        unsigned char byte = bytes[at];
        if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F) {
            used += (size_t)snprintf(escaped + used, sizeof escaped - used, "\\u{%X}", byte);
        } else {
            escaped[used++] = (char)byte;
        }
    }
    for (size_t written = 0; written < used;) {
        ssize_t more = write(STDERR_FILENO, escaped + written, used - written);
        if (more <= 0 && errno != EINTR) break;
        if (more > 0) written += (size_t)more;
    }
}

/* What the engine wrote and the warden has not forwarded yet, without waiting for more (a
 * process the engine started may hold the pipe open). */
static void pb_drain_output(int output) {
    struct pollfd ready = {output, POLLIN, 0};
    while (output >= 0 && poll(&ready, 1, 0) > 0 && (ready.revents & POLLIN)) {
        int available = 0;
        if (ioctl(output, FIONREAD, &available) != 0 || available <= 0) break;
        pb_forward_output(output);
    }
}

/* The warden's loop: every stop of a traced engine thread goes on at once, with its signal; a
 * fault is noted (program counter, faulting address, the file mapped there); when the engine
 * ends, the verdict is written where the supervisor reads it — nothing of the engine runs any
 * more, so nothing can overwrite it — and the warden ends the way the engine did. */
static void pb_warden_loop(
    pid_t engine, struct pb_warden_verdict *verdict, pid_t supervisor, const char *scratch, int output) {
    struct pb_warden_verdict noted;
    sigset_t children;
    int signals, parent;
    memset(&noted, 0, sizeof noted);
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);
    sigprocmask(SIG_BLOCK, &children, NULL);
    signals = signalfd(-1, &children, SFD_CLOEXEC | SFD_NONBLOCK);
    parent = (int)syscall(SYS_pidfd_open, supervisor, 0);
    for (;;) {
        struct pollfd watched[3] = {{signals, POLLIN, 0}, {parent, POLLIN, 0}, {output, POLLIN, 0}};
        struct signalfd_siginfo drained;
        int status;
        pid_t thread;
        /* Woken by SIGCHLD (through the signalfd), the engine's output or the supervisor's end,
         * and every second in any case: a stop whose notification was lost must not leave the
         * engine stopped. */
        if (poll(watched, 3, signals >= 0 ? 1000 : 100) < 0 && errno != EINTR) continue;
        if (parent >= 0 && (watched[1].revents & POLLIN)) kill(engine, SIGKILL); /* the supervisor ended */
        if (watched[2].revents & POLLIN) pb_forward_output(output);
        if (watched[2].revents & (POLLHUP | POLLERR) && !(watched[2].revents & POLLIN)) output = -1; /* all closed */
        while (signals >= 0 && read(signals, &drained, sizeof drained) > 0) {
        }
        while ((thread = waitpid(-1, &status, WNOHANG | __WALL)) > 0) {
            if (WIFSTOPPED(status)) {
                int signal = WSTOPSIG(status), deliver = 0;
                siginfo_t information;
                /* An event (a new thread, a group stop) carries no signal to deliver. */
                if ((status >> 16) == 0 && ptrace(PTRACE_GETSIGINFO, thread, NULL, &information) == 0) {
                    deliver = signal;
                    if (pb_is_fault(signal) && information.si_code > 0) {
                        noted.state = PB_WARDEN_FAULT;
                        noted.signal = (unsigned)signal;
                        struct pb_code_range *ranges;
                        unsigned long long stack;
                        int count = pb_code_ranges(engine, &ranges);
                        const char *file = NULL;
                        if (pb_registers(thread, &noted.address, &stack) == 0)
                            file = pb_code_at(ranges, count, noted.address);
                        noted.data = (unsigned long long)(uintptr_t)information.si_addr;
                        snprintf(noted.library, sizeof noted.library, "%s", file != NULL ? file : "");
                        /* Faulted in system code: its caller, from the stack rather than the
                         * recorder's word, which plugin code can rewrite. */
                        pb_caller_on_stack(engine, thread, 1, noted.library, sizeof noted.library);
                    } else if (signal == SIGABRT && information.si_code <= 0 && noted.state != PB_WARDEN_FAULT &&
                               pb_caller_on_stack(engine, thread, 0, noted.library, sizeof noted.library)) {
                        /* abort(): the code that asked for it, found on the aborting thread's stack. */
                        unsigned long long stack;
                        noted.state = PB_WARDEN_FAULT;
                        noted.signal = (unsigned)signal;
                        if (pb_registers(thread, &noted.address, &stack) != 0) noted.address = 0;
                    }
                }
                ptrace(PTRACE_CONT, thread, NULL, (void *)(long)deliver);
            } else if (thread == engine) {
                pb_drain_output(output);
                if (noted.state != PB_WARDEN_FAULT) noted.state = PB_WARDEN_NO_FAULT;
                if (verdict != NULL) memcpy(verdict, &noted, sizeof noted);
                if (scratch != NULL) pb_sandbox_remove_tree(scratch);
                pb_mirror(status);
            }
        }
    }
}

void pb_sandbox_start_warden(int recorder, const char *scratch) {
    int go[2];
    char state;
    pid_t engine, supervisor = getppid();
    struct pb_warden_verdict *verdict = NULL;
    struct sigaction default_action;
    /* A supervisor that ignores SIGCHLD passes that on through exec; ignored, the kernel would
     * drop the notifications of the engine's stops, and the warden would never let it go on. */
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &default_action, NULL);
    /* Blocked from before the fork, so a SIGCHLD that comes before the warden's signalfd exists
     * (an engine that ends at once) waits for it; unblocked, it was lost, and the warden saw the
     * end only at its next one-second look. */
    sigset_t children, previous;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);
    sigprocmask(SIG_BLOCK, &children, &previous);
    if (pipe2(go, O_CLOEXEC) != 0) {
        sigprocmask(SIG_SETMASK, &previous, NULL);
        return;
    }
    /* The engine's standard output and error, which plugin code can write: through the warden
     * (`pb_forward_output`), never straight to the supervisor's terminal. */
    int output[2] = {-1, -1};
    if (pipe2(output, O_CLOEXEC) != 0) output[0] = output[1] = -1;
    engine = fork();
    if (engine <= 0) sigprocmask(SIG_SETMASK, &previous, NULL);
    if (engine < 0) {
        close(go[0]);
        close(go[1]);
        if (output[0] >= 0) {
            close(output[0]);
            close(output[1]);
        }
        return;
    }
    if (engine == 0) {
        /* The engine: it waits until it is traced (or is told it will not be), dies with its
         * warden, and goes on to main. */
        pid_t warden = getppid();
        close(go[1]);
        if (output[1] >= 0) {
            dup2(output[1], STDERR_FILENO);
            close(output[0]);
            close(output[1]);
        }
        if (read(go[0], &state, 1) == 1) pb_warden_state = state == 't' ? 0 : EPERM;
        close(go[0]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != warden) _exit(137);
        return;
    }
    /* The warden: it keeps nothing of the engine's but the recorder and standard error. */
    close(go[0]);
    if (recorder >= 0) {
        void *mapped = mmap(NULL, PB_RECORDER_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, recorder, 0);
        if (mapped != MAP_FAILED) verdict = (struct pb_warden_verdict *)((char *)mapped + PB_RECORDER_VERDICT_OFFSET);
    }
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    state = ptrace(PTRACE_SEIZE, engine, NULL, (void *)(long)(PTRACE_O_TRACECLONE | PTRACE_O_EXITKILL)) == 0 ? 't' : 'u';
    if (write(go[1], &state, 1) != 1) kill(engine, SIGKILL);
    close(go[1]);
    /* A supervisor gone while the warden forwards the engine's output must not end it with
     * SIGPIPE before it has killed the engine and removed its folder. */
    signal(SIGPIPE, SIG_IGN);
    /* What the engine writes comes in on standard input, which the warden has no other use for:
     * the close below keeps descriptors 0 to 2. */
    if (output[0] >= 0) {
        close(output[1]);
        dup2(output[0], STDIN_FILENO);
        close(output[0]);
    } else {
        close(STDIN_FILENO);
    }
    close(STDOUT_FILENO);
    /* The recorder too: its mapping stays. One call, where the kernel has it. */
    if (syscall(SYS_close_range, 3u, ~0u, 0u) != 0) {
        for (int descriptor = 3; descriptor < 1024; descriptor++) close(descriptor);
    }
    pb_warden_loop(
        engine, verdict, supervisor, pb_is_scratch(scratch) ? scratch : NULL, output[0] >= 0 ? STDIN_FILENO : -1);
}
