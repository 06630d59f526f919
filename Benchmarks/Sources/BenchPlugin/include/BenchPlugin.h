/* The benchmark plugin has no public header of its own: the host finds it through
 * plugboard_entry, and the export through dlsym. */
