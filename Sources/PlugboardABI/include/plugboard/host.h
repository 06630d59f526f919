/* plugboard/host.h — what the host hands to plugins. */
#ifndef PLUGBOARD_HOST_H
#define PLUGBOARD_HOST_H

#include "version.h"
#include "view.h"

PB_EXTERN_C_BEGIN

typedef int32_t pb_log_severity_t;
enum {
    PB_LOG_DEBUG = 0,
    PB_LOG_INFO = 1,
    PB_LOG_WARNING = 2,
    PB_LOG_ERROR = 3,
};

/*
 * Handed to `pb_plugin_entry_t.init`: who is loading the library, before any instance exists.
 * The struct and its strings are owned by the host and valid only during the `init` call;
 * copy what you need.
 */
typedef struct pb_host_info {
    pb_version_t abi_version; /* the host's ABI version */
    const char *name;         /* "plugboard" */
    const char *version;      /* the host program's version, e.g. "0.1.0" */
    const char *library_path; /* absolute path of the library being initialised */
} pb_host_info_t;

/*
 * The host, as one plugin instance sees it. Each instance gets its own `pb_host_t` in its
 * factory's `create`; the pointer and everything it points to stay valid until the instance's
 * `destroy` returns. Every plugin -> host call passes this pointer back, which is how the host
 * knows which instance is calling.
 *
 * The host enforces the rules of its functions rather than trusting them; a refused call returns
 * false, PB_VIEW_NONE or NULL and is logged under the plugin's name:
 *  - during the factory's `create`, every call is refused (call the host from `init` on);
 *  - a [main-thread] function called from another thread is refused (never a data race);
 *  - after `destroy`, the struct stays readable but every call through it is refused
 *    ("instance destroyed"); do not keep it, though: a future host may free it.
 */
typedef struct pb_host {
    pb_version_t abi_version;

    /* Reserved for the host. The plugin must neither read nor write it. */
    void *host_data;

    const char *name;    /* host name, e.g. "plugboard"; owned by the host */
    const char *vendor;  /* host vendor; owned by the host */
    const char *version; /* host version, e.g. "0.1.0"; owned by the host */

    /* Returns the host extension named `extension_id` (e.g. PB_HOST_EXT_NAV_BAR), or NULL when
     * the host does not offer it to this instance. The returned struct is owned by the host and
     * lives as long as the instance. [any-thread] */
    const void *(*get_extension)(const struct pb_host *host, const char *extension_id);

    /* Logs `message` (UTF-8, copied) under the plugin's name. [any-thread] */
    void (*log)(const struct pb_host *host, pb_log_severity_t severity, const char *message);

    /* The view API; never NULL. */
    const pb_view_api_t *views;
} pb_host_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_HOST_H */
