/* PlugboardSDKEntry — the `plugboard_entry` symbol of a plugin library written in Swift.
 *
 * Swift cannot export a constant C struct, so this C file does it for every Swift plugin that
 * depends on PlugboardSDK. Its functions forward to the SDK (Swift, `@_cdecl`), and the first
 * init calls `plugboard_sdk_register`, the one function the plugin author writes:
 *
 *     @_cdecl("plugboard_sdk_register")
 *     public func register() { PlugboardExport.register(MyNavigationBar.self) }
 */
#include <plugboard.h>

/* The author's registration function. Weak, so that a library that forgot it fails `init`
 * with a logged reason instead of failing to link or load. */
extern void plugboard_sdk_register(void) __attribute__((weak));

/* Implemented by PlugboardSDK. */
bool pb_sdk_init(const pb_host_info_t *info, void (*register_plugins)(void));
void pb_sdk_deinit(void);
const void *pb_sdk_get_factory(const char *factory_id);

static bool entry_init(const pb_host_info_t *info) { return pb_sdk_init(info, plugboard_sdk_register); }

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, pb_sdk_deinit, pb_sdk_get_factory};
