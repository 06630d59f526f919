/* HostileSignalsC — a screen whose button attacks the process that runs its engine: it stops
 * and kills its parent and tries to trace it. The sandbox (#31) must refuse each with EPERM; the
 * button's label then says what each call returned ("stop EPERM kill EPERM trace EPERM").
 * It attacks only when PLUGBOARD_TEST_HOSTILE is set, so a test that loads every library in its
 * own process is never at risk. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <unistd.h>

#include <plugboard.h>

#define CORPUS_PLUGIN_ID "hostile_signals"
#define CORPUS_PLUGIN_NAME "Hostile Signals"
#define CORPUS_DESCRIPTION "stops, kills and traces its parent when its button is tapped"
#define CORPUS_ON_TAP(state) hostile_attack(state)

struct corpus_screen_state;
static void hostile_attack(struct corpus_screen_state *state);

#include "../Corpus/Common/corpus_screen.h"

static const char *outcome(int result) {
    if (result == 0) return "DONE";
    return errno == EPERM ? "EPERM" : "FAILED";
}

static void hostile_attack(struct corpus_screen_state *state) {
    char line[96];
    pid_t parent = getppid();
    const char *stop, *killed, *trace;
    if (getenv("PLUGBOARD_TEST_HOSTILE") == NULL) return;
    stop = outcome(kill(parent, SIGSTOP));
    killed = outcome(kill(parent, SIGKILL));
    trace = outcome(ptrace(PTRACE_ATTACH, parent, NULL, NULL) == -1 ? -1 : 0);
    snprintf(line, sizeof line, "stop %s kill %s trace %s", stop, killed, trace);
    state->host->views->set_text(state->host, state->label, line);
}
