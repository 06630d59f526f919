/* plugboard.h — the Plugboard plugin ABI. Include this one header.
 *
 *   plugboard/version.h         ABI version and compatibility rule
 *   plugboard/entry.h           the exported `plugboard_entry` struct
 *   plugboard/plugin.h          plugin descriptors and kinds
 *   plugboard/host.h            the host struct every instance gets (logging, extensions)
 *   plugboard/view.h            the host's view API
 *   plugboard/screen.h          screen plugins
 *   plugboard/nav_bar.h         navigation-bar adapters
 *   plugboard/nav_bar_host.h    host callbacks for bars, customization helper
 *   plugboard/root.h            root (menu) plugins and their host callbacks
 *   plugboard/invoke.h          calling other plugins' dynamic exports (libffi)
 *   plugboard/navigation.h      opening screens from a plugin (ABI 1.1)
 *   plugboard/routing.h         routing by URL and composed transitions (ABI 1.4)
 *   plugboard/routes.h          the app's routes, changed while it runs (ABI 1.5)
 *   plugboard/ext/           optional extensions looked up by string id
 *
 * Conventions, everywhere:
 *  - Strings are UTF-8 and NUL-terminated. A `const char *` parameter is owned by the caller and
 *    valid during the call only; a returned `const char *` says in its comment who owns it and
 *    how long it lives.
 *  - Models (plugins.json entries, rivers.json screens and navigations) cross as UTF-8 JSON text.
 *  - Optional protocols are extensions looked up by string id; NULL means absent.
 *  - Thread tags: see plugboard/macros.h.
 */
#ifndef PLUGBOARD_H
#define PLUGBOARD_H

#include "plugboard/version.h"
#include "plugboard/entry.h"
#include "plugboard/plugin.h"
#include "plugboard/host.h"
#include "plugboard/view.h"
#include "plugboard/screen.h"
#include "plugboard/nav_bar.h"
#include "plugboard/nav_bar_host.h"
#include "plugboard/root.h"
#include "plugboard/invoke.h"
#include "plugboard/navigation.h"
#include "plugboard/ext/special_action.h"
#include "plugboard/ext/placement.h"
#include "plugboard/ext/attributes.h"
#include "plugboard/screen_bar.h"
#include "plugboard/model.h"
#include "plugboard/ext/custom_bar.h"
#include "plugboard/ext/gesture.h"
#include "plugboard/ext/transition.h"
#include "plugboard/routing.h"
#include "plugboard/routes.h"

#endif /* PLUGBOARD_H */
