//! __DISPLAY__ (`__PLUGIN_ID__`): a Plugboard root (menu) plugin in Rust, made by
//! `plugboard new --lang rust` for __NAME__.
//!
//! A root is the app's top-level navigation (a side menu, a tab bar). This one is the smallest
//! that works: a root view holding the host's screen container (plugboard/root.h,
//! `pb_host_root_t.screen_container`), framed to the whole root in `layout`, so the selected
//! screen fills the app. `select_item` logs the nav item the host selected. Add the menu's
//! views next to the container: the nav items are in the root data source
//! (`PB_MODEL_DATA_SOURCE`, `nav_items[i].title`, through `plugboard.host.model`), and a tap on
//! one calls the host's `open_item`.
//!
//! `src/plugboard.rs` declares the whole ABI (`plugboard.h`); the header's comments are the
//! contract. Build with `cargo build --release`, then try the library with
//! `plugboard check target/release/lib__SNAKE__.so`.

mod plugboard;

use plugboard::*;
use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr;

/// Matched against the manifest's `identifier` (plugins.json).
const PLUGIN_ID: &CStr = c"__PLUGIN_ID__";

/// What the host reads about the plugin. Its strings are constants, so it is valid from the
/// entry's `init` to its last `deinit`. No PB_PLUGIN_FLAG_SCREEN: a root is not a screen.
static DESCRIPTOR: pb_plugin_descriptor_t = pb_plugin_descriptor_t {
    abi_version: PB_VERSION_INIT,
    id: PLUGIN_ID.as_ptr(),
    name: c"__DISPLAY__".as_ptr(),
    vendor: c"__VENDOR__".as_ptr(),
    version: c"0.1.0".as_ptr(),
    description: c"A root that shows the selected screen full size".as_ptr(),
    kind: PB_PLUGIN_KIND_ROOT,
    flags: 0,
};

// ------------------------------------------------------------------------------------------------
// The host, as this instance sees it
// ------------------------------------------------------------------------------------------------

/// The instance's `pb_host_t` with the calls this plugin makes. The pointer stays valid until
/// `destroy` returns (plugboard/host.h); calls are refused during `create`, so they start in
/// `init`.
#[derive(Clone, Copy)]
struct Host(*const pb_host_t);

impl Host {
    fn raw(&self) -> &pb_host_t {
        unsafe { &*self.0 }
    }

    fn views(&self) -> &pb_view_api_t {
        unsafe { &*self.raw().views }
    }

    /// The host extension `id`, or None when the host does not offer it. Host extensions live
    /// as long as the instance.
    fn extension<'a, T>(&self, id: &CStr) -> Option<&'a T> {
        let get_extension = self.raw().get_extension?;
        unsafe { (get_extension(self.0, id.as_ptr()) as *const T).as_ref() }
    }

    fn log(&self, message: &str) {
        let message = CString::new(message).unwrap_or_default();
        if let Some(log) = self.raw().log {
            unsafe { log(self.0, PB_LOG_INFO, message.as_ptr()) };
        }
    }

    fn create(&self, kind: pb_view_kind_t) -> pb_view_t {
        match self.views().create {
            Some(create) => unsafe { create(self.0, kind) },
            None => PB_VIEW_NONE,
        }
    }

    fn release(&self, view: pb_view_t) {
        if let (Some(release), true) = (self.views().release, view != PB_VIEW_NONE) {
            unsafe { release(self.0, view) };
        }
    }

    fn set_identifier(&self, view: pb_view_t, identifier: &CStr) {
        if let Some(set_identifier) = self.views().set_identifier {
            unsafe { set_identifier(self.0, view, identifier.as_ptr()) };
        }
    }

    fn set_frame(&self, view: pb_view_t, x: f64, y: f64, width: f64, height: f64) {
        // Widths and heights must be finite and >= 0 (plugboard/view.h).
        let frame = pb_rect_t {
            x,
            y,
            width: width.max(0.0),
            height: height.max(0.0),
        };
        if let Some(set_frame) = self.views().set_frame {
            unsafe { set_frame(self.0, view, frame) };
        }
    }

    fn add_child(&self, parent: pb_view_t, child: pb_view_t) {
        if let Some(add_child) = self.views().add_child {
            unsafe { add_child(self.0, parent, child) };
        }
    }
}

// ------------------------------------------------------------------------------------------------
// The root
// ------------------------------------------------------------------------------------------------

/// One root instance. `root` is what the host sees; its `plugin_data` points back here.
struct Root {
    root: pb_root_t,
    host: Host,
    /// The root view, created (and so owned) by this instance.
    view: pb_view_t,
    /// The host's screen container: owned by the host, never released nor given a tap action
    /// here. PB_VIEW_NONE when the host has no screens to show (`plugboard inspect`).
    container: pb_view_t,
}

impl Root {
    /// The instance behind the host's pointer.
    ///
    /// # Safety
    /// `root` must be a pointer `create` returned that `destroy` has not freed yet.
    unsafe fn of<'a>(root: *const pb_root_t) -> &'a mut Root {
        &mut *((*root).plugin_data as *mut Root)
    }
}

/// Second construction step: build the root view and add the host's screen container to it.
/// Returning false makes the host use its built-in side menu.
unsafe extern "C" fn root_init(root: *const pb_root_t) -> bool {
    let r = Root::of(root);
    let host = r.host;
    r.view = host.create(PB_VIEW_CONTAINER);
    if r.view == PB_VIEW_NONE {
        return false;
    }
    host.set_identifier(r.view, c"__PLUGIN_ID__");
    let callbacks: Option<&pb_host_root_t> = host.extension(PB_HOST_EXT_ROOT);
    if let Some(screen_container) = callbacks.and_then(|callbacks| callbacks.screen_container) {
        r.container = screen_container(host.0);
    }
    if r.container != PB_VIEW_NONE {
        host.add_child(r.view, r.container);
    }
    host.log("init");
    true
}

/// Last call: release the root view (which detaches the host's container: it stays the host's)
/// and free the instance.
unsafe extern "C" fn root_destroy(root: *const pb_root_t) {
    let r = Box::from_raw((*root).plugin_data as *mut Root);
    r.host.log("destroy");
    r.host.release(r.view);
}

/// The root view: the same one every time. The host sizes it to the root content area.
unsafe extern "C" fn root_view(root: *const pb_root_t) -> pb_view_t {
    Root::of(root).view
}

/// The host has sized the root view: the screen container takes all of it.
unsafe extern "C" fn root_layout(root: *const pb_root_t, width: f64, height: f64) {
    let r = Root::of(root);
    if r.container != PB_VIEW_NONE {
        r.host.set_frame(r.container, 0.0, 0.0, width, height);
    }
    r.host
        .log(&format!("layout {}x{}", width.round(), height.round()));
}

/// The host selected a nav item (start-up, a deep link, the shell) and shows its screen itself:
/// show the selection (a menu would highlight the item), never `open_item` it back.
unsafe extern "C" fn root_select_item(root: *const pb_root_t, nav_item_id: *const c_char) {
    let r = Root::of(root);
    let item = if nav_item_id.is_null() {
        "(none)".into()
    } else {
        CStr::from_ptr(nav_item_id).to_string_lossy()
    };
    r.host.log(&format!("select {item}"));
}

/// No optional root extension (plugboard/ext/special_action.h, plugboard/ext/placement.h):
/// NULL for every id, so the host places the bar itself. [any-thread]
unsafe extern "C" fn root_get_extension(
    _root: *const pb_root_t,
    _id: *const c_char,
) -> *const c_void {
    ptr::null()
}

// ------------------------------------------------------------------------------------------------
// Factory and entry
// ------------------------------------------------------------------------------------------------

unsafe extern "C" fn factory_count(_factory: *const pb_root_factory_t) -> u32 {
    1
}

unsafe extern "C" fn factory_descriptor(
    _factory: *const pb_root_factory_t,
    index: u32,
) -> *const pb_plugin_descriptor_t {
    if index == 0 {
        &DESCRIPTOR
    } else {
        ptr::null()
    }
}

/// First construction step: allocate the instance, nothing more. The host refuses every call
/// made from here (views, extensions and logging start in `init`). NULL for an id this library
/// does not describe (the host then uses its built-in side menu).
unsafe extern "C" fn factory_create(
    _factory: *const pb_root_factory_t,
    host: *const pb_host_t,
    plugin_id: *const c_char,
    _plugin_json: *const c_char,
    _data_source_json: *const c_char,
) -> *const pb_root_t {
    if host.is_null() || plugin_id.is_null() || CStr::from_ptr(plugin_id) != PLUGIN_ID {
        return ptr::null();
    }
    let r = Box::into_raw(Box::new(Root {
        root: pb_root_t {
            desc: &DESCRIPTOR,
            plugin_data: ptr::null_mut(),
            init: Some(root_init),
            destroy: Some(root_destroy),
            view: Some(root_view),
            layout: Some(root_layout),
            select_item: Some(root_select_item),
            get_extension: Some(root_get_extension),
        },
        host: Host(host),
        view: PB_VIEW_NONE,
        container: PB_VIEW_NONE,
    }));
    (*r).root.plugin_data = r as *mut c_void;
    &(*r).root
}

static FACTORY: pb_root_factory_t = pb_root_factory_t {
    count: Some(factory_count),
    get_descriptor: Some(factory_descriptor),
    create: Some(factory_create),
};

/// The library keeps no global state, so the reference-counted init and deinit have nothing to
/// count. Neither may call the host.
unsafe extern "C" fn entry_init(_info: *const pb_host_info_t) -> bool {
    true
}

unsafe extern "C" fn entry_deinit() {}

/// The root factory; NULL for every other id.
unsafe extern "C" fn entry_get_factory(factory_id: *const c_char) -> *const c_void {
    if !factory_id.is_null() && CStr::from_ptr(factory_id) == PB_ROOT_FACTORY_ID {
        &FACTORY as *const pb_root_factory_t as *const c_void
    } else {
        ptr::null()
    }
}

/// The one symbol the host looks up (plugboard/entry.h).
#[no_mangle]
pub static plugboard_entry: pb_plugin_entry_t = pb_plugin_entry_t {
    abi_version: PB_VERSION_INIT,
    init: Some(entry_init),
    deinit: Some(entry_deinit),
    get_factory: Some(entry_get_factory),
};
