//! __DISPLAY__ (`__PLUGIN_ID__`): a Plugboard screen plugin in Rust, made by
//! `plugboard new --lang rust` for __NAME__.
//!
//! The screen shows a title and a "Tap me" button:
//!  - the title is the rivers.json screen's `name`, read through the host's model extension
//!    (`plugboard.host.model`, no JSON parsing here), or "__DISPLAY__" when it has none;
//!  - each tap on the button sets the title to "Tapped N times".
//!
//! Every lifecycle call is logged through `host->log` (see it with
//! `plugboard run APP --log-level info`).
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
/// entry's `init` to its last `deinit`, as plugboard/plugin.h asks.
static DESCRIPTOR: pb_plugin_descriptor_t = pb_plugin_descriptor_t {
    abi_version: PB_VERSION_INIT,
    id: PLUGIN_ID.as_ptr(),
    name: c"__DISPLAY__".as_ptr(),
    vendor: c"__VENDOR__".as_ptr(),
    version: c"0.1.0".as_ptr(),
    description: c"A title and a button that counts taps".as_ptr(),
    kind: PB_PLUGIN_KIND_SCREEN,
    flags: PB_PLUGIN_FLAG_SCREEN,
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

    /// The host extension `id`, or NULL when the host does not offer it.
    fn extension<T>(&self, id: &CStr) -> *const T {
        match self.raw().get_extension {
            Some(get_extension) => unsafe { get_extension(self.0, id.as_ptr()) as *const T },
            None => ptr::null(),
        }
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

    fn set_text(&self, view: pb_view_t, text: &str) {
        let text = CString::new(text).unwrap_or_default();
        if let Some(set_text) = self.views().set_text {
            unsafe { set_text(self.0, view, text.as_ptr()) };
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

    fn set_tap_action(&self, view: pb_view_t, action: pb_tap_action_t, context: *mut c_void) {
        if let Some(set_tap_action) = self.views().set_tap_action {
            unsafe { set_tap_action(self.0, view, action, context) };
        }
    }
}

// ------------------------------------------------------------------------------------------------
// The screen
// ------------------------------------------------------------------------------------------------

/// One screen instance. `screen` is what the host sees; its `plugin_data` points back here.
struct Screen {
    screen: pb_screen_t,
    host: Host,
    /// The views this instance creates (and so owns), made in `init`.
    root: pb_view_t,
    title: pb_view_t,
    button: pb_view_t,
    taps: u32,
}

impl Screen {
    /// The instance behind the host's pointer.
    ///
    /// # Safety
    /// `screen` must be a pointer `create` returned that `destroy` has not freed yet.
    unsafe fn of<'a>(screen: *const pb_screen_t) -> &'a mut Screen {
        &mut *((*screen).plugin_data as *mut Screen)
    }

    /// The screen's name from its rivers.json model: the props' `uibuilder_screen_model.name`
    /// (plugboard/model.h). The host's string lives until the model changes: copy it.
    fn screen_name(&self) -> String {
        let model: *const pb_host_model_t = self.host.extension(PB_HOST_EXT_MODEL);
        if model.is_null() {
            return "__DISPLAY__".to_string(); // a host before ABI 1.2
        }
        let name = match unsafe { (*model).string } {
            Some(string) => unsafe {
                string(
                    self.host.0,
                    PB_MODEL_SCREEN,
                    c"uibuilder_screen_model.name".as_ptr(),
                )
            },
            None => ptr::null(),
        };
        if name.is_null() {
            return "__DISPLAY__".to_string();
        }
        match unsafe { CStr::from_ptr(name) }.to_str() {
            Ok(name) if !name.is_empty() => name.to_string(),
            _ => "__DISPLAY__".to_string(),
        }
    }
}

/// The button's target-action; `context` is the `Screen` given to `set_tap_action`.
unsafe extern "C" fn tapped(context: *mut c_void, _view: pb_view_t) {
    let screen = &mut *(context as *mut Screen);
    screen.taps += 1;
    screen
        .host
        .set_text(screen.title, &format!("Tapped {} times", screen.taps));
    screen.host.log(&format!("tap {}", screen.taps));
}

/// Second construction step: the host may be called from here on. Returning false makes the
/// host call `destroy` (which releases what was made) and show an error screen.
unsafe extern "C" fn screen_init(screen: *const pb_screen_t) -> bool {
    let s = Screen::of(screen);
    let host = s.host;
    s.root = host.create(PB_VIEW_CONTAINER);
    s.title = host.create(PB_VIEW_LABEL);
    s.button = host.create(PB_VIEW_BUTTON);
    if s.root == PB_VIEW_NONE || s.title == PB_VIEW_NONE || s.button == PB_VIEW_NONE {
        return false;
    }
    host.set_identifier(s.title, c"__PLUGIN_ID__:title");
    host.set_identifier(s.button, c"__PLUGIN_ID__:button");
    host.set_text(s.title, &s.screen_name());
    host.set_text(s.button, "Tap me");
    // The context comes back in `tapped`; it stays valid until `destroy`.
    host.set_tap_action(s.button, Some(tapped), s as *mut Screen as *mut c_void);
    host.add_child(s.root, s.title);
    host.add_child(s.root, s.button);
    host.log("init");
    true
}

/// Last call: release the views and free the instance.
unsafe extern "C" fn screen_destroy(screen: *const pb_screen_t) {
    let s = Box::from_raw((*screen).plugin_data as *mut Screen);
    s.host.log("destroy");
    // PB_VIEW_NONE when init failed before making them: `release` skips those.
    s.host.release(s.button);
    s.host.release(s.title);
    s.host.release(s.root);
    // Dropping the box frees the instance, `screen` included.
}

/// The root view: the same one every time. The host adds it to its container and frames it.
unsafe extern "C" fn screen_view(screen: *const pb_screen_t) -> pb_view_t {
    Screen::of(screen).root
}

/// The host has sized the root view: frame the title and the button.
unsafe extern "C" fn screen_layout(screen: *const pb_screen_t, width: f64, height: f64) {
    let s = Screen::of(screen);
    let inner = width - 32.0;
    s.host.set_frame(s.title, 16.0, 16.0, inner, 24.0);
    s.host.set_frame(s.button, 16.0, 56.0, inner, 44.0);
    s.host
        .log(&format!("layout {}x{}", width.round(), height.round()));
}

unsafe extern "C" fn will_appear(screen: *const pb_screen_t) {
    Screen::of(screen).host.log("will_appear");
}

unsafe extern "C" fn did_appear(screen: *const pb_screen_t) {
    Screen::of(screen).host.log("did_appear");
}

unsafe extern "C" fn will_disappear(screen: *const pb_screen_t) {
    Screen::of(screen).host.log("will_disappear");
}

unsafe extern "C" fn did_disappear(screen: *const pb_screen_t) {
    Screen::of(screen).host.log("did_disappear");
}

/// No optional screen extension (plugboard/ext/*.h): NULL for every id. [any-thread]
unsafe extern "C" fn screen_get_extension(
    _screen: *const pb_screen_t,
    _id: *const c_char,
) -> *const c_void {
    ptr::null()
}

// ------------------------------------------------------------------------------------------------
// Factory and entry
// ------------------------------------------------------------------------------------------------

unsafe extern "C" fn factory_count(_factory: *const pb_screen_factory_t) -> u32 {
    1
}

unsafe extern "C" fn factory_descriptor(
    _factory: *const pb_screen_factory_t,
    index: u32,
) -> *const pb_plugin_descriptor_t {
    if index == 0 {
        &DESCRIPTOR
    } else {
        ptr::null()
    }
}

/// First construction step: allocate the instance, nothing more. The host refuses every call
/// made from here (views and logging start in `init`). NULL for an id this library does not
/// describe. The JSON strings are valid during the call only; the model extension reads them
/// later.
unsafe extern "C" fn factory_create(
    _factory: *const pb_screen_factory_t,
    host: *const pb_host_t,
    plugin_id: *const c_char,
    _plugin_json: *const c_char,
    _screen_json: *const c_char,
    _data_source_json: *const c_char,
) -> *const pb_screen_t {
    if host.is_null() || plugin_id.is_null() || CStr::from_ptr(plugin_id) != PLUGIN_ID {
        return ptr::null();
    }
    let s = Box::into_raw(Box::new(Screen {
        screen: pb_screen_t {
            desc: &DESCRIPTOR,
            plugin_data: ptr::null_mut(),
            init: Some(screen_init),
            destroy: Some(screen_destroy),
            view: Some(screen_view),
            layout: Some(screen_layout),
            will_appear: Some(will_appear),
            did_appear: Some(did_appear),
            will_disappear: Some(will_disappear),
            did_disappear: Some(did_disappear),
            get_extension: Some(screen_get_extension),
        },
        host: Host(host),
        root: PB_VIEW_NONE,
        title: PB_VIEW_NONE,
        button: PB_VIEW_NONE,
        taps: 0,
    }));
    (*s).screen.plugin_data = s as *mut c_void;
    &(*s).screen
}

static FACTORY: pb_screen_factory_t = pb_screen_factory_t {
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

/// The screen factory; NULL for every other id.
unsafe extern "C" fn entry_get_factory(factory_id: *const c_char) -> *const c_void {
    if !factory_id.is_null() && CStr::from_ptr(factory_id) == PB_SCREEN_FACTORY_ID {
        &FACTORY as *const pb_screen_factory_t as *const c_void
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
