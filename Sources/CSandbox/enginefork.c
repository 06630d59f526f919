#define _GNU_SOURCE /* pipe2, dup3, close_range */
#include "plugboard_sandbox.h"
#include "early.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

/* In `plugboard run` (the parent): the engine forked before main, until Swift takes it. */
static pid_t pb_forked_engine = -1;
static int pb_forked_requests = -1, pb_forked_replies = -1, pb_forked_hand_over = -1;
/* In the engine forked before main: that it is one, and its scratch folder ("" for none). */
static int pb_is_forked_engine = 0;
static char pb_forked_scratch[4096];

int pb_command_without(int argc, char *const *argv, const char *command, const char *const *excluded, size_t count) {
    if (argc < 2 || strcmp(argv[1], command) != 0) return 0;
    for (int at = 2; at < argc && strcmp(argv[at], "--") != 0; at++) {
        for (size_t word = 0; word < count; word++) {
            if (strcmp(argv[at], excluded[word]) == 0) return 0;
        }
    }
    return 1;
}

int pb_engine_fork_wanted(int argc, char *const *argv) {
    static const char *const not_supervised[] = {"--in-process", "--no-sandbox", "--help", "-h", "help"};
    return pb_command_without(argc, argv, "run", not_supervised, sizeof not_supervised / sizeof not_supervised[0]) &&
           getenv("PLUGBOARD_NO_ENGINE_FORK") == NULL;
}

/* Closes every descriptor from `first` on. */
static void pb_close_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
    long most = sysconf(_SC_OPEN_MAX);
    for (int descriptor = first; descriptor < (most > 0 && most < 65536 ? most : 65536); descriptor++) {
        close(descriptor);
    }
}

/* What exec would have done to the signals: each caught one back to its default (the Swift
 * run-time's backtracer catches the fatal ones), ignored ones left ignored, none blocked. */
static void pb_reset_signals(void) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int signal = 1; signal < NSIG; signal++) {
        struct sigaction action;
        if (sigaction(signal, NULL, &action) != 0) continue;
        if ((action.sa_flags & SA_SIGINFO) || (action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN)) {
            memset(&action, 0, sizeof action);
            action.sa_handler = SIG_DFL;
            sigaction(signal, &action, NULL);
        }
    }
}

/* The engine's side, in the forked process: waits for its recorder and scratch folder, puts its
 * pipes where an `__engine` process has them (requests on 0, replies on 1, the recorder on 3)
 * and nothing else open but standard error, and starts as one would. Ends, without a word, when
 * the parent closes the hand-over instead (it needed no engine). */
static void pb_become_forked_engine(int requests, int replies, int hand_over) {
    char message[sizeof pb_forked_scratch];
    int descriptors[PB_FORK_SERVER_MAX_DESCRIPTORS], count = 0;
    long length = pb_fork_server_receive(hand_over, message, sizeof message - 1, descriptors, &count);
    if (length <= 0 || count != 1 || message[0] != 's') _exit(0);
    message[length] = '\0';
    strcpy(pb_forked_scratch, message + 1);
    if (dup2(requests, STDIN_FILENO) < 0 || dup2(replies, STDOUT_FILENO) < 0) _exit(1);
    int recorder = descriptors[0] == 3 ? 3 : dup3(descriptors[0], 3, O_CLOEXEC);
    if (recorder != 3) _exit(1);
    pb_close_from(4);
    setpgid(0, 0); /* as a spawned engine: not in the terminal's foreground group */
    pb_reset_signals();
    setenv("SWIFT_BACKTRACE", "enable=no", 1);
    pb_is_forked_engine = 1;
    pb_sandbox_enter_as_forked_engine(recorder, pb_forked_scratch[0] ? pb_forked_scratch : NULL);
}

/* Before main, while the process has one thread (fork is safe, and the engine's user namespace
 * can be entered): `plugboard run`, supervised, forks its engine here instead of starting a new
 * process of itself once main has run, which saved the engine's whole start (the dynamic linker,
 * the Swift run-time's) on the way to the first screen. */
__attribute__((constructor)) static void pb_engine_fork_early(int argc, char **argv, char **envp) {
    (void)envp;
    if (!pb_engine_fork_wanted(argc, argv)) return;
    int requests[2], replies[2], hand_over[2];
    if (pipe2(requests, O_CLOEXEC) != 0) return;
    if (pipe2(replies, O_CLOEXEC) != 0) {
        close(requests[0]);
        close(requests[1]);
        return;
    }
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, hand_over) != 0) {
        close(requests[0]);
        close(requests[1]);
        close(replies[0]);
        close(replies[1]);
        return;
    }
    pid_t engine = fork();
    if (engine == 0) {
        close(requests[1]);
        close(replies[0]);
        close(hand_over[0]);
        pb_become_forked_engine(requests[0], replies[1], hand_over[1]);
        return; /* the engine, on to main */
    }
    close(requests[0]);
    close(replies[1]);
    close(hand_over[1]);
    if (engine < 0) {
        close(requests[1]);
        close(replies[0]);
        close(hand_over[0]);
        return;
    }
    pb_forked_engine = engine;
    pb_forked_requests = requests[1];
    pb_forked_replies = replies[0];
    pb_forked_hand_over = hand_over[0];
}

pid_t pb_engine_fork_take(int *requests, int *replies, int *hand_over) {
    pid_t engine = pb_forked_engine;
    if (engine < 0) return -1;
    *requests = pb_forked_requests;
    *replies = pb_forked_replies;
    *hand_over = pb_forked_hand_over;
    pb_forked_engine = -1;
    pb_forked_requests = pb_forked_replies = pb_forked_hand_over = -1;
    return engine;
}

int pb_engine_fork_hand_over(int hand_over, int recorder, const char *scratch) {
    char message[sizeof pb_forked_scratch];
    size_t length = strlen(scratch ? scratch : "");
    if (length + 1 >= sizeof message) return ENAMETOOLONG;
    message[0] = 's';
    memcpy(message + 1, scratch ? scratch : "", length);
    return pb_fork_server_send(hand_over, message, length + 1, &recorder, 1);
}

int pb_engine_fork_is_engine(void) { return pb_is_forked_engine; }

const char *pb_engine_fork_scratch(void) { return pb_forked_scratch[0] ? pb_forked_scratch : NULL; }

int pb_process_descriptor(pid_t process) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, process, 0);
#else
    (void)process;
    errno = ENOSYS;
    return -1;
#endif
}
