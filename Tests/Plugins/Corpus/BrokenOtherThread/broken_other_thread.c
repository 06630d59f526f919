/* BrokenOtherThread — breaks the [main-thread] tag of the view API (view.h: "All functions are
 * [main-thread]"): `did_appear` starts a thread that sets its label's text, then joins it.
 * Expected: instance.main-thread fails naming set_text; nothing else. */
#include <plugboard.h>
#include <pthread.h>

/* What the thread gets: the instance's host and the view it changes. */
typedef struct thread_argument {
    const pb_host_t *host;
    pb_view_t label;
} thread_argument_t;

/* The thread: one [main-thread] view call through the instance's host. */
static void *set_text_from_thread(void *argument) {
    const thread_argument_t *what = (const thread_argument_t *)argument;
    what->host->views->set_text(what->host, what->label, "set from another thread");
    return NULL;
}

/* Starts the thread and waits for it. */
static void set_text_on_other_thread(const pb_host_t *host, pb_view_t label) {
    thread_argument_t argument;
    pthread_t thread;
    argument.host = host;
    argument.label = label;
    if (pthread_create(&thread, NULL, set_text_from_thread, &argument) == 0) pthread_join(thread, NULL);
}

#define CORPUS_PLUGIN_ID "broken_other_thread"
#define CORPUS_PLUGIN_NAME "Broken Other Thread"
#define CORPUS_DESCRIPTION "did_appear calls set_text from another thread"
#define CORPUS_ON_DID_APPEAR(state) set_text_on_other_thread((state)->host, (state)->label)
#include "../Common/corpus_screen.h"
