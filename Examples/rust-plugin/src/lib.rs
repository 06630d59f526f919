//! example.rust.counter: a Plugboard screen plugin in Rust, with no crates.
//!
//! The `ffi` module declares, by hand, the part of `plugboard.h` this plugin uses, field for
//! field in header order. The plugin shows a label and a button that counts taps, and logs every
//! lifecycle call through `host->log`.

use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr;

/// Hand-written declarations matching `Sources/PlugboardABI/include/plugboard/*.h`.
#[allow(non_camel_case_types, dead_code)]
mod ffi {
    use std::ffi::{c_char, c_void};

    // version.h
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct pb_version_t {
        pub major: u32,
        pub minor: u32,
        pub patch: u32,
    }
    pub const PB_VERSION_INIT: pb_version_t = pb_version_t {
        major: 1,
        minor: 3,
        patch: 0,
    };

    // view.h
    pub type pb_view_t = u64;
    pub const PB_VIEW_NONE: pb_view_t = 0;

    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct pb_rect_t {
        pub x: f64,
        pub y: f64,
        pub width: f64,
        pub height: f64,
    }

    pub type pb_argb_t = u32;
    pub type pb_view_kind_t = i32;
    pub const PB_VIEW_CONTAINER: pb_view_kind_t = 0;
    pub const PB_VIEW_LABEL: pb_view_kind_t = 1;
    pub const PB_VIEW_IMAGE: pb_view_kind_t = 2;
    pub const PB_VIEW_BUTTON: pb_view_kind_t = 3;

    pub type pb_alignment_t = i32;
    pub const PB_ALIGN_LEFT: pb_alignment_t = 0;
    pub const PB_ALIGN_CENTER: pb_alignment_t = 1;
    pub const PB_ALIGN_RIGHT: pb_alignment_t = 2;

    pub type pb_tap_action_t = Option<unsafe extern "C" fn(context: *mut c_void, view: pb_view_t)>;

    #[repr(C)]
    pub struct pb_view_api_t {
        pub create: Option<unsafe extern "C" fn(*const pb_host_t, pb_view_kind_t) -> pb_view_t>,
        pub release: Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t) -> bool>,
        pub set_identifier:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, *const c_char) -> bool>,
        pub set_text:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, *const c_char) -> bool>,
        pub set_text_color:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, pb_argb_t) -> bool>,
        pub set_background_color:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, pb_argb_t) -> bool>,
        pub set_image_url:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, *const c_char) -> bool>,
        pub set_font:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, *const c_char, f64) -> bool>,
        pub set_alignment:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, pb_alignment_t) -> bool>,
        pub set_hidden: Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, bool) -> bool>,
        pub set_enabled: Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, bool) -> bool>,
        pub set_frame: Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, pb_rect_t) -> bool>,
        pub get_frame:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, *mut pb_rect_t) -> bool>,
        pub add_child: Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, pb_view_t) -> bool>,
        pub remove_child:
            Option<unsafe extern "C" fn(*const pb_host_t, pb_view_t, pb_view_t) -> bool>,
        pub set_tap_action: Option<
            unsafe extern "C" fn(*const pb_host_t, pb_view_t, pb_tap_action_t, *mut c_void) -> bool,
        >,
    }

    // host.h
    pub type pb_log_severity_t = i32;
    pub const PB_LOG_DEBUG: pb_log_severity_t = 0;
    pub const PB_LOG_INFO: pb_log_severity_t = 1;
    pub const PB_LOG_WARNING: pb_log_severity_t = 2;
    pub const PB_LOG_ERROR: pb_log_severity_t = 3;

    #[repr(C)]
    pub struct pb_host_info_t {
        pub abi_version: pb_version_t,
        pub name: *const c_char,
        pub version: *const c_char,
        pub library_path: *const c_char,
    }

    #[repr(C)]
    pub struct pb_host_t {
        pub abi_version: pb_version_t,
        pub host_data: *mut c_void,
        pub name: *const c_char,
        pub vendor: *const c_char,
        pub version: *const c_char,
        pub get_extension:
            Option<unsafe extern "C" fn(*const pb_host_t, *const c_char) -> *const c_void>,
        pub log: Option<unsafe extern "C" fn(*const pb_host_t, pb_log_severity_t, *const c_char)>,
        pub views: *const pb_view_api_t,
    }

    // plugin.h
    pub type pb_plugin_kind_t = i32;
    pub const PB_PLUGIN_KIND_SCREEN: pb_plugin_kind_t = 0;
    pub const PB_PLUGIN_FLAG_SCREEN: u64 = 1 << 0;

    #[repr(C)]
    pub struct pb_plugin_descriptor_t {
        pub abi_version: pb_version_t,
        pub id: *const c_char,
        pub name: *const c_char,
        pub vendor: *const c_char,
        pub version: *const c_char,
        pub description: *const c_char,
        pub kind: pb_plugin_kind_t,
        pub flags: u64,
    }

    // entry.h
    #[repr(C)]
    pub struct pb_plugin_entry_t {
        pub abi_version: pb_version_t,
        pub init: Option<unsafe extern "C" fn(*const pb_host_info_t) -> bool>,
        pub deinit: Option<unsafe extern "C" fn()>,
        pub get_factory: Option<unsafe extern "C" fn(*const c_char) -> *const c_void>,
    }

    // screen.h
    pub const PB_SCREEN_FACTORY_ID: &std::ffi::CStr = c"plugboard.factory.screen";

    #[repr(C)]
    pub struct pb_screen_t {
        pub desc: *const pb_plugin_descriptor_t,
        pub plugin_data: *mut c_void,
        pub init: Option<unsafe extern "C" fn(*const pb_screen_t) -> bool>,
        pub destroy: Option<unsafe extern "C" fn(*const pb_screen_t)>,
        pub view: Option<unsafe extern "C" fn(*const pb_screen_t) -> pb_view_t>,
        pub layout: Option<unsafe extern "C" fn(*const pb_screen_t, f64, f64)>,
        pub will_appear: Option<unsafe extern "C" fn(*const pb_screen_t)>,
        pub did_appear: Option<unsafe extern "C" fn(*const pb_screen_t)>,
        pub will_disappear: Option<unsafe extern "C" fn(*const pb_screen_t)>,
        pub did_disappear: Option<unsafe extern "C" fn(*const pb_screen_t)>,
        pub get_extension:
            Option<unsafe extern "C" fn(*const pb_screen_t, *const c_char) -> *const c_void>,
    }

    #[repr(C)]
    pub struct pb_screen_factory_t {
        pub count: Option<unsafe extern "C" fn(*const pb_screen_factory_t) -> u32>,
        pub get_descriptor: Option<
            unsafe extern "C" fn(*const pb_screen_factory_t, u32) -> *const pb_plugin_descriptor_t,
        >,
        pub create: Option<
            unsafe extern "C" fn(
                factory: *const pb_screen_factory_t,
                host: *const pb_host_t,
                plugin_id: *const c_char,
                plugin_json: *const c_char,
                screen_json: *const c_char,
                data_source_json: *const c_char,
            ) -> *const pb_screen_t,
        >,
    }
}

use ffi::*;

const COUNTER_ID: &CStr = c"example.rust.counter";

/// The descriptor holds raw pointers to static strings, which never change: safe to share.
struct Descriptor(pb_plugin_descriptor_t);
unsafe impl Sync for Descriptor {}

static DESCRIPTOR: Descriptor = Descriptor(pb_plugin_descriptor_t {
    abi_version: PB_VERSION_INIT,
    id: COUNTER_ID.as_ptr(),
    name: c"Counter (Rust example)".as_ptr(),
    vendor: c"Plugboard Examples".as_ptr(),
    version: c"1.0.0".as_ptr(),
    description: c"A label and a button that counts taps".as_ptr(),
    kind: PB_PLUGIN_KIND_SCREEN,
    flags: PB_PLUGIN_FLAG_SCREEN,
});

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
        &DESCRIPTOR.0
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
            desc: &DESCRIPTOR.0,
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

/// The size, alignment and field offsets of every struct `ffi` mirrors, one line each, for the
/// layout test that compares them with the C header's (built with `--features layout` only, so
/// the plugin itself exports nothing but `plugboard_entry`).
#[cfg(feature = "layout")]
#[no_mangle]
pub extern "C" fn example_rust_layout() -> *const c_char {
    use ffi::*;
    use std::fmt::Write;
    use std::mem::{align_of, offset_of, size_of};
    use std::sync::OnceLock;
    macro_rules! layout {
        ($out:ident, $t:ident; $($f:ident),*) => {
            write!($out, "{} size={} align={}", stringify!($t), size_of::<$t>(), align_of::<$t>()).unwrap();
            $(write!($out, " {}={}", stringify!($f), offset_of!($t, $f)).unwrap();)*
            $out.push('\n');
        };
    }
    static TEXT: OnceLock<CString> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut out = String::new();
        layout!(out, pb_version_t; major, minor, patch);
        layout!(out, pb_rect_t; x, y, width, height);
        layout!(out, pb_view_api_t; create, release, set_identifier, set_text, set_text_color, set_background_color, set_image_url, set_font, set_alignment, set_hidden, set_enabled, set_frame, get_frame, add_child, remove_child, set_tap_action);
        layout!(out, pb_host_info_t; abi_version, name, version, library_path);
        layout!(out, pb_host_t; abi_version, host_data, name, vendor, version, get_extension, log, views);
        layout!(out, pb_plugin_descriptor_t; abi_version, id, name, vendor, version, description, kind, flags);
        layout!(out, pb_plugin_entry_t; abi_version, init, deinit, get_factory);
        layout!(out, pb_screen_t; desc, plugin_data, init, destroy, view, layout, will_appear, did_appear, will_disappear, did_disappear, get_extension);
        layout!(out, pb_screen_factory_t; count, get_descriptor, create);
        CString::new(out).unwrap()
    })
    .as_ptr()
}
