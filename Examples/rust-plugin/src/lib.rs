//! example.rust.counter: a Plugboard screen plugin in Rust, with no crates.
//!
//! The `plugboard` module is the repository's Rust binding of `plugboard.h`
//! (`bindings/rust/plugboard.rs`), checked against the C header by the test suite. The plugin
//! shows a label and a button that counts taps, and logs every lifecycle call through
//! `host->log`.

use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr;

/// The whole ABI, from the repository's one checked binding (see `bindings/rust/README.md`).
#[path = "../../../bindings/rust/plugboard.rs"]
mod plugboard;

use plugboard::*;

const COUNTER_ID: &CStr = c"example.rust.counter";

/// Constant strings only: the binding marks descriptors `Sync` for such statics.
static DESCRIPTOR: pb_plugin_descriptor_t = pb_plugin_descriptor_t {
    abi_version: PB_VERSION_INIT,
    id: COUNTER_ID.as_ptr(),
    name: c"Counter (Rust example)".as_ptr(),
    vendor: c"Plugboard Examples".as_ptr(),
    version: c"1.0.0".as_ptr(),
    description: c"A label and a button that counts taps".as_ptr(),
    kind: PB_PLUGIN_KIND_SCREEN,
    flags: PB_PLUGIN_FLAG_SCREEN,
};

/// One screen instance. `screen` comes first so the host's `pb_screen_t *` is the instance.
#[repr(C)]
struct Counter {
    screen: pb_screen_t,
    host: *const pb_host_t,
    root: pb_view_t,
    label: pb_view_t,
    button: pb_view_t,
    taps: u32,
}

impl Counter {
    /// The instance behind the host's pointer.
    ///
    /// # Safety
    /// `screen` must be a pointer `create` returned and `destroy` has not freed.
    unsafe fn of<'a>(screen: *const pb_screen_t) -> &'a mut Counter {
        &mut *((*screen).plugin_data as *mut Counter)
    }

    fn host(&self) -> &pb_host_t {
        unsafe { &*self.host }
    }

    fn views(&self) -> &pb_view_api_t {
        unsafe { &*self.host().views }
    }

    fn log(&self, message: &str) {
        let text = CString::new(message).unwrap_or_default();
        if let Some(log) = self.host().log {
            unsafe { log(self.host, PB_LOG_INFO, text.as_ptr()) };
        }
    }

    fn create_view(&self, kind: pb_view_kind_t) -> pb_view_t {
        match self.views().create {
            Some(create) => unsafe { create(self.host, kind) },
            None => PB_VIEW_NONE,
        }
    }

    fn set_text(&self, view: pb_view_t, text: &str) {
        let text = CString::new(text).unwrap_or_default();
        if let Some(set_text) = self.views().set_text {
            unsafe { set_text(self.host, view, text.as_ptr()) };
        }
    }

    fn set_identifier(&self, view: pb_view_t, identifier: &CStr) {
        if let Some(set_identifier) = self.views().set_identifier {
            unsafe { set_identifier(self.host, view, identifier.as_ptr()) };
        }
    }

    fn set_frame(&self, view: pb_view_t, frame: pb_rect_t) {
        if let Some(set_frame) = self.views().set_frame {
            unsafe { set_frame(self.host, view, frame) };
        }
    }

    fn add_child(&self, parent: pb_view_t, child: pb_view_t) {
        if let Some(add_child) = self.views().add_child {
            unsafe { add_child(self.host, parent, child) };
        }
    }

    fn show_count(&self) {
        self.set_text(self.label, &format!("Count: {}", self.taps));
    }
}

/// The button's target-action; `context` is the `Counter` given to `set_tap_action`.
unsafe extern "C" fn tapped(context: *mut c_void, _view: pb_view_t) {
    let counter = &mut *(context as *mut Counter);
    counter.taps += 1;
    counter.show_count();
    counter.log(&format!("tap {}", counter.taps));
}

unsafe extern "C" fn screen_init(screen: *const pb_screen_t) -> bool {
    let counter = Counter::of(screen);
    counter.root = counter.create_view(PB_VIEW_CONTAINER);
    counter.label = counter.create_view(PB_VIEW_LABEL);
    counter.button = counter.create_view(PB_VIEW_BUTTON);
    if counter.root == PB_VIEW_NONE
        || counter.label == PB_VIEW_NONE
        || counter.button == PB_VIEW_NONE
    {
        return false;
    }
    counter.set_identifier(counter.label, c"counter-label");
    counter.set_identifier(counter.button, c"counter-button");
    counter.set_text(counter.button, "+1");
    let context = counter as *mut Counter as *mut c_void;
    if let Some(set_tap_action) = counter.views().set_tap_action {
        set_tap_action(counter.host, counter.button, Some(tapped), context);
    }
    counter.add_child(counter.root, counter.label);
    counter.add_child(counter.root, counter.button);
    counter.show_count();
    counter.log("init");
    true
}

unsafe extern "C" fn screen_destroy(screen: *const pb_screen_t) {
    let counter = Box::from_raw((*screen).plugin_data as *mut Counter);
    counter.log("destroy");
    // Dropping the box frees the instance; the host releases the views it still owns.
}

unsafe extern "C" fn screen_view(screen: *const pb_screen_t) -> pb_view_t {
    Counter::of(screen).root
}

unsafe extern "C" fn screen_layout(screen: *const pb_screen_t, width: f64, height: f64) {
    let counter = Counter::of(screen);
    let inner = (width - 32.0).max(0.0);
    counter.set_frame(
        counter.label,
        pb_rect_t {
            x: 16.0,
            y: 16.0,
            width: inner,
            height: 24.0,
        },
    );
    counter.set_frame(
        counter.button,
        pb_rect_t {
            x: 16.0,
            y: 56.0,
            width: inner,
            height: 44.0,
        },
    );
    counter.log(&format!("layout {}x{}", width.round(), height.round()));
}

unsafe extern "C" fn will_appear(screen: *const pb_screen_t) {
    Counter::of(screen).log("will_appear");
}

unsafe extern "C" fn did_appear(screen: *const pb_screen_t) {
    Counter::of(screen).log("did_appear");
}

unsafe extern "C" fn will_disappear(screen: *const pb_screen_t) {
    Counter::of(screen).log("will_disappear");
}

unsafe extern "C" fn did_disappear(screen: *const pb_screen_t) {
    Counter::of(screen).log("did_disappear");
}

unsafe extern "C" fn get_extension(
    _screen: *const pb_screen_t,
    _id: *const c_char,
) -> *const c_void {
    ptr::null()
}

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

/// Must not call the host: the views are made in `screen_init`.
unsafe extern "C" fn factory_create(
    _factory: *const pb_screen_factory_t,
    host: *const pb_host_t,
    plugin_id: *const c_char,
    _plugin_json: *const c_char,
    _screen_json: *const c_char,
    _data_source_json: *const c_char,
) -> *const pb_screen_t {
    if host.is_null() || plugin_id.is_null() || CStr::from_ptr(plugin_id) != COUNTER_ID {
        return ptr::null();
    }
    let counter = Box::into_raw(Box::new(Counter {
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
            get_extension: Some(get_extension),
        },
        host,
        root: PB_VIEW_NONE,
        label: PB_VIEW_NONE,
        button: PB_VIEW_NONE,
        taps: 0,
    }));
    (*counter).screen.plugin_data = counter as *mut c_void;
    &(*counter).screen
}

static FACTORY: pb_screen_factory_t = pb_screen_factory_t {
    count: Some(factory_count),
    get_descriptor: Some(factory_descriptor),
    create: Some(factory_create),
};

unsafe extern "C" fn entry_init(_info: *const pb_host_info_t) -> bool {
    true
}

unsafe extern "C" fn entry_deinit() {}

unsafe extern "C" fn entry_get_factory(factory_id: *const c_char) -> *const c_void {
    if !factory_id.is_null() && CStr::from_ptr(factory_id) == PB_SCREEN_FACTORY_ID {
        &FACTORY as *const pb_screen_factory_t as *const c_void
    } else {
        ptr::null()
    }
}

/// The one symbol the host looks up with `dlsym`.
#[no_mangle]
pub static plugboard_entry: pb_plugin_entry_t = pb_plugin_entry_t {
    abi_version: PB_VERSION_INIT,
    init: Some(entry_init),
    deinit: Some(entry_deinit),
    get_factory: Some(entry_get_factory),
};

/// The size, alignment and field offsets of every struct of the binding, one line each, for the
/// layout test that compares them with the C header's (built with `--features layout` only, so
/// the plugin itself exports nothing but `plugboard_entry`).
#[cfg(feature = "layout")]
#[no_mangle]
pub extern "C" fn example_rust_layout() -> *const c_char {
    use std::sync::OnceLock;
    static TEXT: OnceLock<CString> = OnceLock::new();
    TEXT.get_or_init(|| CString::new(plugboard::layout_report()).unwrap())
        .as_ptr()
}
