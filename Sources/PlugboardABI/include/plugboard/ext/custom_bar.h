/* plugboard/ext/custom_bar.h — optional screen extension: a screen that draws its own bar
 * (ABI 1.2).
 *
 * Seed 003's XZNavigationBarCustomizable: while the screen is on top, the host lays the
 * screen's bar view out in the bar's place — the bar area's frame, below the status bar — and
 * hides the navigation-bar plugin's view; the view goes with the screen (push B / pop: A's own
 * bar is back as A left it). The two properties are XZNavigationBarProtocol's. */
#ifndef PLUGBOARD_EXT_CUSTOM_BAR_H
#define PLUGBOARD_EXT_CUSTOM_BAR_H

#include "../screen.h"

PB_EXTERN_C_BEGIN

#define PB_EXT_CUSTOM_BAR "plugboard.ext.custom-bar"

typedef struct pb_screen_custom_bar {
    /* The screen's bar view: a view the screen owns, stable while the screen lives (asked each
     * time the screen comes on top). PB_VIEW_NONE: the screen has no own bar now, the plugin's
     * bar is shown. [main-thread] */
    pb_view_t (*bar_view)(const pb_screen_t *screen);

    /* True: the content runs under the bar (the content area starts at the top of the bar).
     * NULL means false. [main-thread] */
    bool (*is_translucent)(const pb_screen_t *screen);

    /* True: the bar area is the large-title height (96 pt instead of 44). NULL means false.
     * [main-thread] */
    bool (*prefers_large_titles)(const pb_screen_t *screen);
} pb_screen_custom_bar_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_EXT_CUSTOM_BAR_H */
