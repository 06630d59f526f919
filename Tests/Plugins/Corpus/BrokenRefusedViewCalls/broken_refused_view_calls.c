/* BrokenRefusedViewCalls — breaks view.h's rules: init calls set_text on its container root view
 * ("Refused on containers") and set_frame with width -5 on its label ("must be >= 0").
 * Expected: exactly those 2 refused view calls reported (during init), nothing else. */
#include <plugboard.h>

/* The two calls the host refuses. */
static void make_refused_calls(const pb_host_t *host, pb_view_t container, pb_view_t label) {
    pb_rect_t negative = {0, 0, -5, 20};
    host->views->set_text(host, container, "a container has no text");
    host->views->set_frame(host, label, negative);
}

#define CORPUS_PLUGIN_ID "broken_refused_view_calls"
#define CORPUS_PLUGIN_NAME "Broken Refused View Calls"
#define CORPUS_DESCRIPTION "init makes two view calls the host refuses"
#define CORPUS_ON_INIT(state) make_refused_calls((state)->host, (state)->root, (state)->label)
#include "../Common/corpus_screen.h"
