/* plugboard-bench-c-start LIBRARY…: what app start is compared with — a C program that loads and
 * initialises the same plugin libraries (dlopen, dlsym of the entry, ABI check, init, each
 * factory), then exits. No Plugboard code runs. Exit status 1 names the library that failed. */
#include <plugboard.h>

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
    static const char *const factories[] = {PB_SCREEN_FACTORY_ID, PB_NAV_BAR_FACTORY_ID, PB_ROOT_FACTORY_ID};
    for (int index = 1; index < argc; index++) {
        void *handle = dlopen(argv[index], RTLD_NOW | RTLD_LOCAL);
        const pb_plugin_entry_t *entry = handle != NULL ? dlsym(handle, PB_ENTRY_SYMBOL) : NULL;
        if (entry == NULL || entry->abi_version.major != PB_VERSION_MAJOR) {
            fprintf(stderr, "%s: %s\n", argv[index], handle == NULL ? dlerror() : "no plugboard_entry 1.x");
            return 1;
        }
        const pb_host_info_t info = {PB_VERSION_INIT, "plugboard-bench-c-start", "0", argv[index]};
        if (!entry->init(&info)) {
            fprintf(stderr, "%s: init failed\n", argv[index]);
            return 1;
        }
        for (unsigned factory = 0; factory < 3; factory++) (void)entry->get_factory(factories[factory]);
    }
    return 0;
}
