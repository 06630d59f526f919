//! The Plugboard plugin ABI (`plugboard.h`, ABI 1.4) for Rust, with no crates.
//!
//! One module mirroring every struct, typedef, enum constant and `#define` of
//! `Sources/PlugboardABI/include/plugboard/*.h` and `plugboard/ext/*.h`, field for field in header
//! order: `#[repr(C)]` structs, `Option<unsafe extern "C" fn …>` for the (nullable) function
//! pointers, `&CStr` for the string ids. Each item says which header it mirrors; the header's
//! comments (ownership, lifetimes, thread tags, call order) are the contract and are not repeated
//! in full here.
//!
//! Use it as a module of a plugin crate: copy it to `src/plugboard.rs` and write `mod plugboard;`,
//! or point at this file with `#[path = "…/bindings/rust/plugboard.rs"] mod plugboard;`.
//!
//! With the crate feature `layout`, `layout_report()` describes the size, alignment and field
//! offsets of every struct; the repository's tests compare it with the C compiler's for the header.
//!
//! `plugboard/macros.h` has no Rust counterpart: export the entry with
//! `#[no_mangle] pub static plugboard_entry: pb_plugin_entry_t = …;` (a `cdylib` exports exactly
//! its `#[no_mangle]` public items), and every function is `extern "C"` already.
#![allow(
    non_camel_case_types,
    non_upper_case_globals,
    dead_code,
    unexpected_cfgs
)]

use std::ffi::{c_char, c_void, CStr};

// ------------------------------------------------------------------------------------------------
// plugboard/version.h
// ------------------------------------------------------------------------------------------------

/// `pb_version_t` (plugboard/version.h): a semantic version of the ABI.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct pb_version_t {
    pub major: u32,
    pub minor: u32,
    pub patch: u32,
}

/// `PB_VERSION_MAJOR` (plugboard/version.h).
pub const PB_VERSION_MAJOR: u32 = 1;
/// `PB_VERSION_MINOR` (plugboard/version.h). 1.1: navigation, attributes; 1.2: model,
/// screen-bar, custom-bar, gesture-navigation, transition, the helper's `is_translucent` and
/// `prefers_large_title`; 1.3: placement's `place_nav_bar_in` with `pb_nav_bar_area_t`; 1.4:
/// routing; 1.5: routes.
pub const PB_VERSION_MINOR: u32 = 5;
/// `PB_VERSION_PATCH` (plugboard/version.h).
pub const PB_VERSION_PATCH: u32 = 0;

/// `PB_VERSION_INIT` (plugboard/version.h): the version these declarations mirror; put it in the
/// entry and in every descriptor.
pub const PB_VERSION_INIT: pb_version_t = pb_version_t {
    major: PB_VERSION_MAJOR,
    minor: PB_VERSION_MINOR,
    patch: PB_VERSION_PATCH,
};

/// `pb_version_is_compatible` (plugboard/version.h): true when a struct stamped with `v` can be
/// used by code compiled against this ABI (same major).
pub const fn pb_version_is_compatible(v: pb_version_t) -> bool {
    v.major == PB_VERSION_MAJOR
}

// ------------------------------------------------------------------------------------------------
// plugboard/view.h
// ------------------------------------------------------------------------------------------------

/// `pb_view_t` (plugboard/view.h): an opaque handle to a host view.
pub type pb_view_t = u64;
/// `PB_VIEW_NONE` (plugboard/view.h): never a valid view.
pub const PB_VIEW_NONE: pb_view_t = 0;

/// `pb_rect_t` (plugboard/view.h): a rectangle in points, in the parent's coordinates.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pb_rect_t {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// `pb_argb_t` (plugboard/view.h): a colour as 0xAARRGGBB.
pub type pb_argb_t = u32;

/// `pb_view_kind_t` (plugboard/view.h).
pub type pb_view_kind_t = i32;
/// `PB_VIEW_CONTAINER` (plugboard/view.h): groups children; background colour only.
pub const PB_VIEW_CONTAINER: pb_view_kind_t = 0;
/// `PB_VIEW_LABEL` (plugboard/view.h): text, text colour, font, alignment.
pub const PB_VIEW_LABEL: pb_view_kind_t = 1;
/// `PB_VIEW_IMAGE` (plugboard/view.h): an image by URL.
pub const PB_VIEW_IMAGE: pb_view_kind_t = 2;
/// `PB_VIEW_BUTTON` (plugboard/view.h): text and/or image, font, text colour, enabled, tap.
pub const PB_VIEW_BUTTON: pb_view_kind_t = 3;

/// `pb_alignment_t` (plugboard/view.h).
pub type pb_alignment_t = i32;
/// `PB_ALIGN_LEFT` (plugboard/view.h).
pub const PB_ALIGN_LEFT: pb_alignment_t = 0;
/// `PB_ALIGN_CENTER` (plugboard/view.h).
pub const PB_ALIGN_CENTER: pb_alignment_t = 1;
/// `PB_ALIGN_RIGHT` (plugboard/view.h).
pub const PB_ALIGN_RIGHT: pb_alignment_t = 2;

/// `pb_tap_action_t` (plugboard/view.h): called when the user taps `view`; `context` is the
/// pointer given to `set_tap_action`, untouched. NULL (`None`) removes the action. [main-thread]
pub type pb_tap_action_t = Option<unsafe extern "C" fn(context: *mut c_void, view: pb_view_t)>;

/// `pb_view_api_t` (plugboard/view.h): the view API, reached through `pb_host_t.views`. Every
/// function returns false (or `PB_VIEW_NONE`) when the host refuses the call. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_view_api_t {
    pub create:
        Option<unsafe extern "C" fn(host: *const pb_host_t, kind: pb_view_kind_t) -> pb_view_t>,
    pub release: Option<unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t) -> bool>,
    pub set_identifier: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            view: pb_view_t,
            identifier: *const c_char,
        ) -> bool,
    >,
    pub set_text: Option<
        unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t, text: *const c_char) -> bool,
    >,
    pub set_text_color: Option<
        unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t, color: pb_argb_t) -> bool,
    >,
    pub set_background_color: Option<
        unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t, color: pb_argb_t) -> bool,
    >,
    pub set_image_url: Option<
        unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t, url: *const c_char) -> bool,
    >,
    pub set_font: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            view: pb_view_t,
            family: *const c_char,
            size: f64,
        ) -> bool,
    >,
    pub set_alignment: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            view: pb_view_t,
            alignment: pb_alignment_t,
        ) -> bool,
    >,
    pub set_hidden:
        Option<unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t, hidden: bool) -> bool>,
    pub set_enabled: Option<
        unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t, enabled: bool) -> bool,
    >,
    pub set_frame: Option<
        unsafe extern "C" fn(host: *const pb_host_t, view: pb_view_t, frame: pb_rect_t) -> bool,
    >,
    pub get_frame: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            view: pb_view_t,
            out_frame: *mut pb_rect_t,
        ) -> bool,
    >,
    pub add_child: Option<
        unsafe extern "C" fn(host: *const pb_host_t, parent: pb_view_t, child: pb_view_t) -> bool,
    >,
    pub remove_child: Option<
        unsafe extern "C" fn(host: *const pb_host_t, parent: pb_view_t, child: pb_view_t) -> bool,
    >,
    pub set_tap_action: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            view: pb_view_t,
            action: pb_tap_action_t,
            context: *mut c_void,
        ) -> bool,
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/host.h
// ------------------------------------------------------------------------------------------------

/// `pb_log_severity_t` (plugboard/host.h).
pub type pb_log_severity_t = i32;
/// `PB_LOG_DEBUG` (plugboard/host.h).
pub const PB_LOG_DEBUG: pb_log_severity_t = 0;
/// `PB_LOG_INFO` (plugboard/host.h).
pub const PB_LOG_INFO: pb_log_severity_t = 1;
/// `PB_LOG_WARNING` (plugboard/host.h).
pub const PB_LOG_WARNING: pb_log_severity_t = 2;
/// `PB_LOG_ERROR` (plugboard/host.h).
pub const PB_LOG_ERROR: pb_log_severity_t = 3;

/// `pb_host_info_t` (plugboard/host.h): handed to the entry's `init`; the host's, valid during
/// that call only.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_info_t {
    pub abi_version: pb_version_t,
    pub name: *const c_char,
    pub version: *const c_char,
    pub library_path: *const c_char,
}

/// `pb_host_t` (plugboard/host.h): the host as one instance sees it; valid until the instance's
/// `destroy` returns. Every plugin -> host call passes it back.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_t {
    pub abi_version: pb_version_t,
    /// Reserved for the host: neither read nor write it.
    pub host_data: *mut c_void,
    pub name: *const c_char,
    pub vendor: *const c_char,
    pub version: *const c_char,
    /// Returns the host extension `extension_id` (`PB_HOST_EXT_*`), or NULL. [any-thread]
    pub get_extension: Option<
        unsafe extern "C" fn(host: *const pb_host_t, extension_id: *const c_char) -> *const c_void,
    >,
    /// Logs `message` (copied) under the plugin's name. [any-thread]
    pub log: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            severity: pb_log_severity_t,
            message: *const c_char,
        ),
    >,
    /// The view API; never NULL.
    pub views: *const pb_view_api_t,
}

// ------------------------------------------------------------------------------------------------
// plugboard/plugin.h
// ------------------------------------------------------------------------------------------------

/// `pb_plugin_kind_t` (plugboard/plugin.h).
pub type pb_plugin_kind_t = i32;
/// `PB_PLUGIN_KIND_SCREEN` (plugboard/plugin.h).
pub const PB_PLUGIN_KIND_SCREEN: pb_plugin_kind_t = 0;
/// `PB_PLUGIN_KIND_NAV_BAR` (plugboard/plugin.h).
pub const PB_PLUGIN_KIND_NAV_BAR: pb_plugin_kind_t = 1;
/// `PB_PLUGIN_KIND_ROOT` (plugboard/plugin.h).
pub const PB_PLUGIN_KIND_ROOT: pb_plugin_kind_t = 2;

/// `PB_PLUGIN_FLAG_SCREEN` (plugboard/plugin.h): the plugin may be used as a screen in
/// rivers.json (the manifest's `screen: true`). Typed as `pb_plugin_descriptor_t.flags`.
pub const PB_PLUGIN_FLAG_SCREEN: u64 = 1 << 0;

/// `pb_plugin_descriptor_t` (plugboard/plugin.h): describes one plugin of a library; it and its
/// strings stay valid and unchanged from `init` until the last `deinit`.
#[repr(C)]
#[derive(Clone, Copy)]
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

/// A descriptor is a constant table of pointers to constant strings (`c"…".as_ptr()`), which is
/// what `static DESCRIPTOR: pb_plugin_descriptor_t = …` needs. Never change one after `init`.
unsafe impl Sync for pb_plugin_descriptor_t {}

// ------------------------------------------------------------------------------------------------
// plugboard/entry.h
// ------------------------------------------------------------------------------------------------

/// `PB_ENTRY_SYMBOL` (plugboard/entry.h): the name of the exported symbol.
pub const PB_ENTRY_SYMBOL: &CStr = c"plugboard_entry";

/// `pb_plugin_entry_t` (plugboard/entry.h): exported as
/// `#[no_mangle] pub static plugboard_entry: pb_plugin_entry_t`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_plugin_entry_t {
    pub abi_version: pb_version_t,
    /// Reference-counted; must not call back into any host struct. [main-thread]
    pub init: Option<unsafe extern "C" fn(info: *const pb_host_info_t) -> bool>,
    /// Undoes one `init`. [main-thread]
    pub deinit: Option<unsafe extern "C" fn()>,
    /// The factory `factory_id` (`PB_*_FACTORY_ID`) or NULL. [any-thread]
    pub get_factory: Option<unsafe extern "C" fn(factory_id: *const c_char) -> *const c_void>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/screen.h
// ------------------------------------------------------------------------------------------------

/// `PB_SCREEN_FACTORY_ID` (plugboard/screen.h).
pub const PB_SCREEN_FACTORY_ID: &CStr = c"plugboard.factory.screen";

/// `pb_screen_t` (plugboard/screen.h): a screen instance. Lifecycle: create -> init -> [layout]
/// -> will_appear -> did_appear -> will_disappear -> did_disappear -> … -> destroy.
/// [main-thread] unless tagged.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_screen_t {
    pub desc: *const pb_plugin_descriptor_t,
    /// The plugin's; the host never touches it.
    pub plugin_data: *mut c_void,
    pub init: Option<unsafe extern "C" fn(screen: *const pb_screen_t) -> bool>,
    pub destroy: Option<unsafe extern "C" fn(screen: *const pb_screen_t)>,
    pub view: Option<unsafe extern "C" fn(screen: *const pb_screen_t) -> pb_view_t>,
    pub layout: Option<unsafe extern "C" fn(screen: *const pb_screen_t, width: f64, height: f64)>,
    pub will_appear: Option<unsafe extern "C" fn(screen: *const pb_screen_t)>,
    pub did_appear: Option<unsafe extern "C" fn(screen: *const pb_screen_t)>,
    pub will_disappear: Option<unsafe extern "C" fn(screen: *const pb_screen_t)>,
    pub did_disappear: Option<unsafe extern "C" fn(screen: *const pb_screen_t)>,
    /// The screen extension `extension_id` (`PB_EXT_*`) or NULL. [any-thread]
    pub get_extension: Option<
        unsafe extern "C" fn(
            screen: *const pb_screen_t,
            extension_id: *const c_char,
        ) -> *const c_void,
    >,
}

/// `pb_screen_factory_t` (plugboard/screen.h): returned by `get_factory(PB_SCREEN_FACTORY_ID)`.
/// `create` must not call the host. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_screen_factory_t {
    pub count: Option<unsafe extern "C" fn(factory: *const pb_screen_factory_t) -> u32>,
    pub get_descriptor: Option<
        unsafe extern "C" fn(
            factory: *const pb_screen_factory_t,
            index: u32,
        ) -> *const pb_plugin_descriptor_t,
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

/// `PB_HOST_EXT_SCREEN` (plugboard/screen.h).
pub const PB_HOST_EXT_SCREEN: &CStr = c"plugboard.host.screen";

/// `pb_host_screen_t` (plugboard/screen.h): host callbacks offered to screens. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_screen_t {
    /// Close this screen; the instance may be destroyed before this returns.
    pub close: Option<unsafe extern "C" fn(host: *const pb_host_t) -> bool>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/nav_bar.h
// ------------------------------------------------------------------------------------------------

/// `PB_NAV_BAR_FACTORY_ID` (plugboard/nav_bar.h).
pub const PB_NAV_BAR_FACTORY_ID: &CStr = c"plugboard.factory.nav-bar";

/// `pb_placement_t` (plugboard/nav_bar.h): where the bar goes (the model's `state`).
pub type pb_placement_t = i32;
/// `PB_PLACEMENT_ON_TOP` (plugboard/nav_bar.h): bar above the root content.
pub const PB_PLACEMENT_ON_TOP: pb_placement_t = 0;
/// `PB_PLACEMENT_OVERLAY` (plugboard/nav_bar.h): bar drawn over the root content.
pub const PB_PLACEMENT_OVERLAY: pb_placement_t = 1;
/// `PB_PLACEMENT_HIDDEN` (plugboard/nav_bar.h): no bar.
pub const PB_PLACEMENT_HIDDEN: pb_placement_t = 2;

/// `pb_presentation_style_t` (plugboard/nav_bar.h): the model's `presentation_style`.
pub type pb_presentation_style_t = i32;
/// `PB_PRESENTATION_LOGO` (plugboard/nav_bar.h).
pub const PB_PRESENTATION_LOGO: pb_presentation_style_t = 0;
/// `PB_PRESENTATION_TITLE` (plugboard/nav_bar.h).
pub const PB_PRESENTATION_TITLE: pb_presentation_style_t = 1;
/// `PB_PRESENTATION_HIDDEN` (plugboard/nav_bar.h).
pub const PB_PRESENTATION_HIDDEN: pb_presentation_style_t = 2;

/// `pb_context_button_t` (plugboard/nav_bar.h): the context button the bar must show.
pub type pb_context_button_t = i32;
/// `PB_CONTEXT_BUTTON_NONE` (plugboard/nav_bar.h).
pub const PB_CONTEXT_BUTTON_NONE: pb_context_button_t = 0;
/// `PB_CONTEXT_BUTTON_MENU` (plugboard/nav_bar.h): only when the root has special-action.
pub const PB_CONTEXT_BUTTON_MENU: pb_context_button_t = 1;
/// `PB_CONTEXT_BUTTON_BACK` (plugboard/nav_bar.h): after a push.
pub const PB_CONTEXT_BUTTON_BACK: pb_context_button_t = 2;
/// `PB_CONTEXT_BUTTON_CLOSE` (plugboard/nav_bar.h): on a screen presented from the bar.
pub const PB_CONTEXT_BUTTON_CLOSE: pb_context_button_t = 3;

/// `pb_nav_bar_t` (plugboard/nav_bar.h): a navigation-bar instance. Call order: create, init,
/// then per visible screen `customize_for_screen`, `update_title`, `set_context_button`; `view`
/// and `layout` whenever the host lays the bar out. [main-thread] unless tagged.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_nav_bar_t {
    pub desc: *const pb_plugin_descriptor_t,
    /// The plugin's; the host never touches it.
    pub plugin_data: *mut c_void,
    pub init: Option<unsafe extern "C" fn(bar: *const pb_nav_bar_t) -> bool>,
    pub destroy: Option<unsafe extern "C" fn(bar: *const pb_nav_bar_t)>,
    pub view: Option<unsafe extern "C" fn(bar: *const pb_nav_bar_t) -> pb_view_t>,
    pub layout: Option<unsafe extern "C" fn(bar: *const pb_nav_bar_t, width: f64, height: f64)>,
    pub customize_for_screen: Option<
        unsafe extern "C" fn(
            bar: *const pb_nav_bar_t,
            screen_json: *const c_char,
            nav_bar_json: *const c_char,
            data_source_json: *const c_char,
        ),
    >,
    pub update_title: Option<unsafe extern "C" fn(bar: *const pb_nav_bar_t, title: *const c_char)>,
    pub set_context_button:
        Option<unsafe extern "C" fn(bar: *const pb_nav_bar_t, button: pb_context_button_t)>,
    /// The bar extension `extension_id` or NULL. [any-thread]
    pub get_extension: Option<
        unsafe extern "C" fn(
            bar: *const pb_nav_bar_t,
            extension_id: *const c_char,
        ) -> *const c_void,
    >,
}

/// `pb_nav_bar_factory_t` (plugboard/nav_bar.h): returned by `get_factory(PB_NAV_BAR_FACTORY_ID)`.
/// `create` must not call the host. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_nav_bar_factory_t {
    pub count: Option<unsafe extern "C" fn(factory: *const pb_nav_bar_factory_t) -> u32>,
    pub get_descriptor: Option<
        unsafe extern "C" fn(
            factory: *const pb_nav_bar_factory_t,
            index: u32,
        ) -> *const pb_plugin_descriptor_t,
    >,
    pub create: Option<
        unsafe extern "C" fn(
            factory: *const pb_nav_bar_factory_t,
            host: *const pb_host_t,
            plugin_id: *const c_char,
            plugin_json: *const c_char,
            nav_bar_json: *const c_char,
        ) -> *const pb_nav_bar_t,
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/nav_bar_host.h
// ------------------------------------------------------------------------------------------------

/// `PB_HOST_EXT_NAV_BAR` (plugboard/nav_bar_host.h): the manager, `pb_host_nav_bar_t`.
pub const PB_HOST_EXT_NAV_BAR: &CStr = c"plugboard.host.nav-bar";
/// `PB_HOST_EXT_NAV_BAR_CUSTOMIZATION` (plugboard/nav_bar_host.h): the customization helper,
/// `pb_host_nav_bar_customization_t`.
pub const PB_HOST_EXT_NAV_BAR_CUSTOMIZATION: &CStr = c"plugboard.host.nav-bar-customization";

/// `pb_bar_button_t` (plugboard/nav_bar_host.h): which element of the bar was pressed.
pub type pb_bar_button_t = i32;
/// `PB_BAR_BUTTON_MENU` (plugboard/nav_bar_host.h).
pub const PB_BAR_BUTTON_MENU: pb_bar_button_t = 0;
/// `PB_BAR_BUTTON_BACK` (plugboard/nav_bar_host.h).
pub const PB_BAR_BUTTON_BACK: pb_bar_button_t = 1;
/// `PB_BAR_BUTTON_CLOSE` (plugboard/nav_bar_host.h).
pub const PB_BAR_BUTTON_CLOSE: pb_bar_button_t = 2;
/// `PB_BAR_BUTTON_HOME` (plugboard/nav_bar_host.h).
pub const PB_BAR_BUTTON_HOME: pb_bar_button_t = 3;
/// `PB_BAR_BUTTON_NAV_ITEM` (plugboard/nav_bar_host.h): a navigation button the bar made itself.
pub const PB_BAR_BUTTON_NAV_ITEM: pb_bar_button_t = 4;

/// `pb_host_nav_bar_t` (plugboard/nav_bar_host.h): the navigation-bar manager. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_nav_bar_t {
    /// `nav_item_id` for `PB_BAR_BUTTON_NAV_ITEM`, NULL otherwise.
    pub button_pressed: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            button: pb_bar_button_t,
            nav_item_id: *const c_char,
        ),
    >,
    /// A button view (owned by the calling bar) for a nav item, or `PB_VIEW_NONE`.
    pub make_navigation_button: Option<
        unsafe extern "C" fn(host: *const pb_host_t, nav_item_id: *const c_char) -> pb_view_t,
    >,
    pub is_special_button_used_by_root:
        Option<unsafe extern "C" fn(host: *const pb_host_t) -> bool>,
}

/// `pb_background_kind_t` (plugboard/nav_bar_host.h).
pub type pb_background_kind_t = i32;
/// `PB_BACKGROUND_NONE` (plugboard/nav_bar_host.h).
pub const PB_BACKGROUND_NONE: pb_background_kind_t = 0;
/// `PB_BACKGROUND_COLOR` (plugboard/nav_bar_host.h).
pub const PB_BACKGROUND_COLOR: pb_background_kind_t = 1;
/// `PB_BACKGROUND_IMAGE` (plugboard/nav_bar_host.h).
pub const PB_BACKGROUND_IMAGE: pb_background_kind_t = 2;

/// `pb_background_t` (plugboard/nav_bar_host.h): a resolved bar background.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct pb_background_t {
    pub kind: pb_background_kind_t,
    /// Valid for `PB_BACKGROUND_COLOR`.
    pub color: pb_argb_t,
    /// Valid for `PB_BACKGROUND_IMAGE`; the host's.
    pub image_url: *const c_char,
}

/// `pb_font_t` (plugboard/nav_bar_host.h).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct pb_font_t {
    /// Font family id, or NULL for the system font; the host's.
    pub family: *const c_char,
    /// Points, > 0.
    pub size: f64,
}

/// `pb_host_nav_bar_customization_t` (plugboard/nav_bar_host.h): the customization helper; answers
/// follow the last `customize_for_screen`. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_nav_bar_customization_t {
    pub background: Option<unsafe extern "C" fn(host: *const pb_host_t) -> pb_background_t>,
    pub title_font: Option<unsafe extern "C" fn(host: *const pb_host_t) -> pb_font_t>,
    pub title_color: Option<unsafe extern "C" fn(host: *const pb_host_t) -> pb_argb_t>,
    pub logo_url: Option<unsafe extern "C" fn(host: *const pb_host_t) -> *const c_char>,
    pub placement: Option<unsafe extern "C" fn(host: *const pb_host_t) -> pb_placement_t>,
    pub presentation_style:
        Option<unsafe extern "C" fn(host: *const pb_host_t) -> pb_presentation_style_t>,
    pub style: Option<unsafe extern "C" fn(host: *const pb_host_t) -> *const c_char>,
    pub context_button_image_url: Option<
        unsafe extern "C" fn(host: *const pb_host_t, button: pb_context_button_t) -> *const c_char,
    >,
    pub is_tablet: Option<unsafe extern "C" fn(host: *const pb_host_t) -> bool>,
    /// ABI 1.2: read only when the instance's `pb_host_t.abi_version.minor` >= 2.
    pub is_translucent: Option<unsafe extern "C" fn(host: *const pb_host_t) -> bool>,
    /// ABI 1.2: read only when the instance's `pb_host_t.abi_version.minor` >= 2.
    pub prefers_large_title: Option<unsafe extern "C" fn(host: *const pb_host_t) -> bool>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/root.h
// ------------------------------------------------------------------------------------------------

/// `PB_ROOT_FACTORY_ID` (plugboard/root.h).
pub const PB_ROOT_FACTORY_ID: &CStr = c"plugboard.factory.root";

/// `pb_root_t` (plugboard/root.h): a root (menu) instance. [main-thread] unless tagged.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_root_t {
    pub desc: *const pb_plugin_descriptor_t,
    /// The plugin's; the host never touches it.
    pub plugin_data: *mut c_void,
    pub init: Option<unsafe extern "C" fn(root: *const pb_root_t) -> bool>,
    pub destroy: Option<unsafe extern "C" fn(root: *const pb_root_t)>,
    pub view: Option<unsafe extern "C" fn(root: *const pb_root_t) -> pb_view_t>,
    pub layout: Option<unsafe extern "C" fn(root: *const pb_root_t, width: f64, height: f64)>,
    pub select_item:
        Option<unsafe extern "C" fn(root: *const pb_root_t, nav_item_id: *const c_char)>,
    /// The root extension `extension_id` (`PB_EXT_SPECIAL_ACTION`, `PB_EXT_PLACEMENT`, …) or
    /// NULL. [any-thread]
    pub get_extension: Option<
        unsafe extern "C" fn(root: *const pb_root_t, extension_id: *const c_char) -> *const c_void,
    >,
}

/// `pb_root_factory_t` (plugboard/root.h): returned by `get_factory(PB_ROOT_FACTORY_ID)`.
/// `create` must not call the host. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_root_factory_t {
    pub count: Option<unsafe extern "C" fn(factory: *const pb_root_factory_t) -> u32>,
    pub get_descriptor: Option<
        unsafe extern "C" fn(
            factory: *const pb_root_factory_t,
            index: u32,
        ) -> *const pb_plugin_descriptor_t,
    >,
    pub create: Option<
        unsafe extern "C" fn(
            factory: *const pb_root_factory_t,
            host: *const pb_host_t,
            plugin_id: *const c_char,
            plugin_json: *const c_char,
            data_source_json: *const c_char,
        ) -> *const pb_root_t,
    >,
}

/// `PB_HOST_EXT_ROOT` (plugboard/root.h).
pub const PB_HOST_EXT_ROOT: &CStr = c"plugboard.host.root";

/// `pb_host_root_t` (plugboard/root.h): host callbacks offered to roots. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_root_t {
    /// The host's screen container (`PB_VIEW_NONE` when the host has no screens to show).
    pub screen_container: Option<unsafe extern "C" fn(host: *const pb_host_t) -> pb_view_t>,
    pub open_item:
        Option<unsafe extern "C" fn(host: *const pb_host_t, nav_item_id: *const c_char) -> bool>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/invoke.h
// ------------------------------------------------------------------------------------------------

/// `PB_HOST_EXT_INVOKE` (plugboard/invoke.h).
pub const PB_HOST_EXT_INVOKE: &CStr = c"plugboard.host.invoke";

/// `pb_host_invoke_t` (plugboard/invoke.h): call another plugin's dynamic exports. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_invoke_t {
    pub invoke: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            plugin_id: *const c_char,
            export_name: *const c_char,
            args_json: *const c_char,
        ) -> *const c_char,
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/navigation.h (ABI 1.1)
// ------------------------------------------------------------------------------------------------

/// `PB_HOST_EXT_NAVIGATION` (plugboard/navigation.h): offered to screens and roots.
pub const PB_HOST_EXT_NAVIGATION: &CStr = c"plugboard.host.navigation";

/// `pb_open_mode_t` (plugboard/navigation.h).
pub type pb_open_mode_t = i32;
/// `PB_OPEN_DEFAULT` (plugboard/navigation.h).
pub const PB_OPEN_DEFAULT: pb_open_mode_t = 0;
/// `PB_OPEN_PUSH` (plugboard/navigation.h).
pub const PB_OPEN_PUSH: pb_open_mode_t = 1;
/// `PB_OPEN_PRESENT` (plugboard/navigation.h).
pub const PB_OPEN_PRESENT: pb_open_mode_t = 2;

/// `pb_host_navigation_t` (plugboard/navigation.h): open screens. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_navigation_t {
    pub open_screen: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            screen_id: *const c_char,
            data_source_json: *const c_char,
            mode: pb_open_mode_t,
        ) -> bool,
    >,
    pub screen_exists:
        Option<unsafe extern "C" fn(host: *const pb_host_t, screen_id: *const c_char) -> bool>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/ext/special_action.h
// ------------------------------------------------------------------------------------------------

/// `PB_EXT_SPECIAL_ACTION` (plugboard/ext/special_action.h): a root extension.
pub const PB_EXT_SPECIAL_ACTION: &CStr = c"plugboard.ext.special-action";

/// `pb_root_special_action_t` (plugboard/ext/special_action.h). [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_root_special_action_t {
    pub perform: Option<unsafe extern "C" fn(root: *const pb_root_t)>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/ext/placement.h
// ------------------------------------------------------------------------------------------------

/// `PB_EXT_PLACEMENT` (plugboard/ext/placement.h): a root extension.
pub const PB_EXT_PLACEMENT: &CStr = c"plugboard.ext.placement";

/// `pb_nav_bar_area_t` (plugboard/ext/placement.h, ABI 1.3): where the bar belongs, in the root
/// view's coordinates.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pb_nav_bar_area_t {
    pub frame: pb_rect_t,
    /// The top of the root's view kept for the status bar.
    pub top_inset: f64,
}

/// `pb_root_placement_t` (plugboard/ext/placement.h). [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_root_placement_t {
    pub place_nav_bar: Option<
        unsafe extern "C" fn(
            root: *const pb_root_t,
            bar_view: pb_view_t,
            placement: pb_placement_t,
        ),
    >,
    /// ABI 1.3: called instead of `place_nav_bar` when set (and the descriptor says 1.3+).
    pub place_nav_bar_in: Option<
        unsafe extern "C" fn(
            root: *const pb_root_t,
            bar_view: pb_view_t,
            placement: pb_placement_t,
            area: *const pb_nav_bar_area_t,
        ),
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/ext/attributes.h (ABI 1.1)
// ------------------------------------------------------------------------------------------------

/// `PB_EXT_ATTRIBUTES` (plugboard/ext/attributes.h): a screen extension.
pub const PB_EXT_ATTRIBUTES: &CStr = c"plugboard.ext.attributes";

/// `pb_screen_attributes_t` (plugboard/ext/attributes.h). [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_screen_attributes_t {
    pub update_with_attributes: Option<
        unsafe extern "C" fn(
            screen: *const pb_screen_t,
            data: *const c_char,
            object_json: *const c_char,
        ),
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/screen_bar.h (ABI 1.2)
// ------------------------------------------------------------------------------------------------

/// `PB_HOST_EXT_SCREEN_BAR` (plugboard/screen_bar.h): offered to screens only.
pub const PB_HOST_EXT_SCREEN_BAR: &CStr = c"plugboard.host.screen-bar";

/// `pb_host_screen_bar_t` (plugboard/screen_bar.h): the bar a screen is shown with. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_screen_bar_t {
    pub set_title: Option<unsafe extern "C" fn(host: *const pb_host_t, title: *const c_char)>,
    pub set_hidden: Option<unsafe extern "C" fn(host: *const pb_host_t, hidden: bool)>,
    pub set_translucent: Option<unsafe extern "C" fn(host: *const pb_host_t, translucent: bool)>,
    pub set_prefers_large_title:
        Option<unsafe extern "C" fn(host: *const pb_host_t, prefers: bool)>,
    pub set_background_color:
        Option<unsafe extern "C" fn(host: *const pb_host_t, color: pb_argb_t)>,
    pub set_background_image:
        Option<unsafe extern "C" fn(host: *const pb_host_t, url: *const c_char)>,
    pub set_title_color: Option<unsafe extern "C" fn(host: *const pb_host_t, color: pb_argb_t)>,
    pub reset: Option<unsafe extern "C" fn(host: *const pb_host_t)>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/model.h (ABI 1.2)
// ------------------------------------------------------------------------------------------------

/// `PB_HOST_EXT_MODEL` (plugboard/model.h): offered to every instance kind.
pub const PB_HOST_EXT_MODEL: &CStr = c"plugboard.host.model";

/// `pb_model_t` (plugboard/model.h): which model to read.
pub type pb_model_t = i32;
/// `PB_MODEL_PLUGIN` (plugboard/model.h): plugin_json.
pub const PB_MODEL_PLUGIN: pb_model_t = 0;
/// `PB_MODEL_SCREEN` (plugboard/model.h): a screen's props, or a bar's screen model as is.
pub const PB_MODEL_SCREEN: pb_model_t = 1;
/// `PB_MODEL_NAV_BAR` (plugboard/model.h): nav_bar_json (bars).
pub const PB_MODEL_NAV_BAR: pb_model_t = 2;
/// `PB_MODEL_DATA_SOURCE` (plugboard/model.h): data_source_json.
pub const PB_MODEL_DATA_SOURCE: pb_model_t = 3;

/// `pb_value_kind_t` (plugboard/model.h).
pub type pb_value_kind_t = i32;
/// `PB_VALUE_MISSING` (plugboard/model.h): no such path (or no such model).
pub const PB_VALUE_MISSING: pb_value_kind_t = 0;
/// `PB_VALUE_NULL` (plugboard/model.h).
pub const PB_VALUE_NULL: pb_value_kind_t = 1;
/// `PB_VALUE_BOOL` (plugboard/model.h).
pub const PB_VALUE_BOOL: pb_value_kind_t = 2;
/// `PB_VALUE_NUMBER` (plugboard/model.h).
pub const PB_VALUE_NUMBER: pb_value_kind_t = 3;
/// `PB_VALUE_STRING` (plugboard/model.h).
pub const PB_VALUE_STRING: pb_value_kind_t = 4;
/// `PB_VALUE_ARRAY` (plugboard/model.h).
pub const PB_VALUE_ARRAY: pb_value_kind_t = 5;
/// `PB_VALUE_OBJECT` (plugboard/model.h).
pub const PB_VALUE_OBJECT: pb_value_kind_t = 6;

/// `pb_host_model_t` (plugboard/model.h): typed reads of the models by path
/// (`"styles.title_color"`, `"nav_items[2].title"`). Strings are the host's, valid until the
/// model changes or the instance is destroyed. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_model_t {
    pub kind: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            model: pb_model_t,
            path: *const c_char,
        ) -> pb_value_kind_t,
    >,
    pub string: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            model: pb_model_t,
            path: *const c_char,
        ) -> *const c_char,
    >,
    pub number: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            model: pb_model_t,
            path: *const c_char,
            value: *mut f64,
        ) -> bool,
    >,
    pub boolean: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            model: pb_model_t,
            path: *const c_char,
            value: *mut bool,
        ) -> bool,
    >,
    pub count: Option<
        unsafe extern "C" fn(host: *const pb_host_t, model: pb_model_t, path: *const c_char) -> u32,
    >,
    pub key: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            model: pb_model_t,
            path: *const c_char,
            index: u32,
        ) -> *const c_char,
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/ext/custom_bar.h (ABI 1.2)
// ------------------------------------------------------------------------------------------------

/// `PB_EXT_CUSTOM_BAR` (plugboard/ext/custom_bar.h): a screen extension.
pub const PB_EXT_CUSTOM_BAR: &CStr = c"plugboard.ext.custom-bar";

/// `pb_screen_custom_bar_t` (plugboard/ext/custom_bar.h): a screen that draws its own bar.
/// [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_screen_custom_bar_t {
    pub bar_view: Option<unsafe extern "C" fn(screen: *const pb_screen_t) -> pb_view_t>,
    pub is_translucent: Option<unsafe extern "C" fn(screen: *const pb_screen_t) -> bool>,
    pub prefers_large_titles: Option<unsafe extern "C" fn(screen: *const pb_screen_t) -> bool>,
}

// ------------------------------------------------------------------------------------------------
// plugboard/ext/gesture.h (ABI 1.2)
// ------------------------------------------------------------------------------------------------

/// `PB_EXT_GESTURE_NAVIGATION` (plugboard/ext/gesture.h): a screen extension.
pub const PB_EXT_GESTURE_NAVIGATION: &CStr = c"plugboard.ext.gesture-navigation";

/// `PB_EDGE_GESTURE_WIDTH` (plugboard/ext/gesture.h): points from the leading edge.
pub const PB_EDGE_GESTURE_WIDTH: f64 = 20.0;
/// `PB_GESTURE_FINISH_SPEED` (plugboard/ext/gesture.h): points per second.
pub const PB_GESTURE_FINISH_SPEED: f64 = 400.0;
/// `PB_GESTURE_FINISH_PROGRESS` (plugboard/ext/gesture.h): a fraction of the screen's width.
pub const PB_GESTURE_FINISH_PROGRESS: f64 = 0.4;

/// `pb_navigation_operation_t` (plugboard/ext/gesture.h).
pub type pb_navigation_operation_t = i32;
/// `PB_NAVIGATION_POP` (plugboard/ext/gesture.h).
pub const PB_NAVIGATION_POP: pb_navigation_operation_t = 1;
/// `PB_NAVIGATION_PUSH` (plugboard/ext/gesture.h).
pub const PB_NAVIGATION_PUSH: pb_navigation_operation_t = 2;

/// `pb_edge_insets_t` (plugboard/ext/gesture.h).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct pb_edge_insets_t {
    pub top: f64,
    pub leading: f64,
    pub bottom: f64,
    pub trailing: f64,
}

/// `pb_screen_gesture_navigation_t` (plugboard/ext/gesture.h). [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_screen_gesture_navigation_t {
    pub edge_insets: Option<
        unsafe extern "C" fn(
            screen: *const pb_screen_t,
            operation: pb_navigation_operation_t,
            insets: *mut pb_edge_insets_t,
        ) -> bool,
    >,
    pub target: Option<
        unsafe extern "C" fn(
            screen: *const pb_screen_t,
            operation: pb_navigation_operation_t,
        ) -> *const c_char,
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/ext/transition.h (ABI 1.2)
// ------------------------------------------------------------------------------------------------

/// `PB_EXT_TRANSITION` (plugboard/ext/transition.h): a screen extension.
pub const PB_EXT_TRANSITION: &CStr = c"plugboard.ext.transition";

/// `pb_transition_operation_t` (plugboard/ext/transition.h).
pub type pb_transition_operation_t = i32;
/// `PB_TRANSITION_PUSH` (plugboard/ext/transition.h).
pub const PB_TRANSITION_PUSH: pb_transition_operation_t = 1;
/// `PB_TRANSITION_POP` (plugboard/ext/transition.h).
pub const PB_TRANSITION_POP: pb_transition_operation_t = 2;
/// `PB_TRANSITION_PRESENT` (plugboard/ext/transition.h).
pub const PB_TRANSITION_PRESENT: pb_transition_operation_t = 3;
/// `PB_TRANSITION_DISMISS` (plugboard/ext/transition.h).
pub const PB_TRANSITION_DISMISS: pb_transition_operation_t = 4;

/// `pb_timing_curve_t` (plugboard/ext/transition.h).
pub type pb_timing_curve_t = i32;
/// `PB_CURVE_LINEAR` (plugboard/ext/transition.h).
pub const PB_CURVE_LINEAR: pb_timing_curve_t = 0;
/// `PB_CURVE_EASE_IN` (plugboard/ext/transition.h).
pub const PB_CURVE_EASE_IN: pb_timing_curve_t = 1;
/// `PB_CURVE_EASE_OUT` (plugboard/ext/transition.h).
pub const PB_CURVE_EASE_OUT: pb_timing_curve_t = 2;
/// `PB_CURVE_EASE_IN_OUT` (plugboard/ext/transition.h).
pub const PB_CURVE_EASE_IN_OUT: pb_timing_curve_t = 3;

/// `pb_transition_direction_t` (plugboard/ext/transition.h).
pub type pb_transition_direction_t = i32;
/// `PB_FROM_RIGHT` (plugboard/ext/transition.h).
pub const PB_FROM_RIGHT: pb_transition_direction_t = 0;
/// `PB_FROM_LEFT` (plugboard/ext/transition.h).
pub const PB_FROM_LEFT: pb_transition_direction_t = 1;
/// `PB_FROM_BOTTOM` (plugboard/ext/transition.h).
pub const PB_FROM_BOTTOM: pb_transition_direction_t = 2;
/// `PB_FROM_TOP` (plugboard/ext/transition.h).
pub const PB_FROM_TOP: pb_transition_direction_t = 3;
/// `PB_FADE` (plugboard/ext/transition.h): the screen does not move, it fades.
pub const PB_FADE: pb_transition_direction_t = 4;

/// `pb_transition_t` (plugboard/ext/transition.h).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct pb_transition_t {
    /// >= 0, at most 10000; 0: immediate.
    pub duration_ms: f64,
    pub curve: pb_timing_curve_t,
    pub direction: pb_transition_direction_t,
}

/// `pb_screen_transition_t` (plugboard/ext/transition.h). [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_screen_transition_t {
    pub transition_for: Option<
        unsafe extern "C" fn(
            screen: *const pb_screen_t,
            operation: pb_transition_operation_t,
            transition: *mut pb_transition_t,
        ) -> bool,
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/routing.h
// ------------------------------------------------------------------------------------------------

/// `PB_HOST_EXT_ROUTING` (plugboard/routing.h, ABI 1.4): offered to screens and roots.
pub const PB_HOST_EXT_ROUTING: &CStr = c"plugboard.host.routing";

/// `pb_route_op_t` (plugboard/routing.h).
pub type pb_route_op_t = i32;
/// `PB_ROUTE_PUSH` (plugboard/routing.h).
pub const PB_ROUTE_PUSH: pb_route_op_t = 1;
/// `PB_ROUTE_ROOT` (plugboard/routing.h).
pub const PB_ROUTE_ROOT: pb_route_op_t = 2;
/// `PB_ROUTE_PRESENT` (plugboard/routing.h).
pub const PB_ROUTE_PRESENT: pb_route_op_t = 3;
/// `PB_ROUTE_DISMISS` (plugboard/routing.h).
pub const PB_ROUTE_DISMISS: pb_route_op_t = 4;
/// `PB_ROUTE_POP` (plugboard/routing.h).
pub const PB_ROUTE_POP: pb_route_op_t = 5;
/// `PB_ROUTE_OPEN_URL` (plugboard/routing.h).
pub const PB_ROUTE_OPEN_URL: pb_route_op_t = 6;

/// `pb_route_step_t` (plugboard/routing.h): one route change of a transition.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_route_step_t {
    pub op: pb_route_op_t,
    pub key: *const c_char,
    pub data: *const c_char,
    pub count: i32,
    pub animated: bool,
}

/// `pb_route_when_t` (plugboard/routing.h).
pub type pb_route_when_t = i32;
/// `PB_ROUTE_START` (plugboard/routing.h).
pub const PB_ROUTE_START: pb_route_when_t = 0;
/// `PB_ROUTE_ENQUEUE` (plugboard/routing.h).
pub const PB_ROUTE_ENQUEUE: pb_route_when_t = 1;

/// `pb_route_outcome_t` (plugboard/routing.h).
pub type pb_route_outcome_t = i32;
/// `PB_ROUTE_RAN` (plugboard/routing.h).
pub const PB_ROUTE_RAN: pb_route_outcome_t = 0;
/// `PB_ROUTE_FAILED` (plugboard/routing.h).
pub const PB_ROUTE_FAILED: pb_route_outcome_t = 1;
/// `PB_ROUTE_CANCELLED` (plugboard/routing.h).
pub const PB_ROUTE_CANCELLED: pb_route_outcome_t = 2;

/// `pb_route_completion_t` (plugboard/routing.h). [main-thread]
pub type pb_route_completion_t =
    Option<unsafe extern "C" fn(context: *mut c_void, outcome: pb_route_outcome_t, reason: *const c_char)>;

/// `pb_host_routing_t` (plugboard/routing.h): URLs and composed transitions. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_routing_t {
    pub open_url: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            url: *const c_char,
            animated: bool,
            completion: pb_route_completion_t,
            context: *mut c_void,
        ) -> bool,
    >,
    pub run_transition: Option<
        unsafe extern "C" fn(
            host: *const pb_host_t,
            steps: *const pb_route_step_t,
            count: usize,
            when: pb_route_when_t,
            object_json: *const c_char,
            completion: pb_route_completion_t,
            context: *mut c_void,
        ) -> bool,
    >,
}

// ------------------------------------------------------------------------------------------------
// plugboard/routes.h
// ------------------------------------------------------------------------------------------------

/// `PB_HOST_EXT_ROUTES` (plugboard/routes.h, ABI 1.5): offered to screens and roots.
pub const PB_HOST_EXT_ROUTES: &CStr = c"plugboard.host.routes";

/// `pb_route_kind_t` (plugboard/routes.h).
pub type pb_route_kind_t = i32;
/// `PB_ROUTE_KIND_STACK` (plugboard/routes.h): a URL component.
pub const PB_ROUTE_KIND_STACK: pb_route_kind_t = 0;
/// `PB_ROUTE_KIND_MODAL` (plugboard/routes.h): a visible parameter, presented.
pub const PB_ROUTE_KIND_MODAL: pb_route_kind_t = 1;
/// `PB_ROUTE_KIND_ANIMATION` (plugboard/routes.h): a visible parameter, slid in as a drawer.
pub const PB_ROUTE_KIND_ANIMATION: pb_route_kind_t = 2;

/// `pb_route_t` (plugboard/routes.h): one route; `screen` NULL removes it (update) or is the
/// built-in `menu` (list).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_route_t {
    pub key: *const c_char,
    pub screen: *const c_char,
    pub kind: pb_route_kind_t,
    pub has_transition: bool,
    pub transition: pb_transition_t,
}

/// `pb_route_visitor_t` (plugboard/routes.h). [main-thread]
pub type pb_route_visitor_t = Option<unsafe extern "C" fn(context: *mut c_void, route: *const pb_route_t)>;

/// `pb_host_routes_t` (plugboard/routes.h): the app's routes, listed and changed. [main-thread]
#[repr(C)]
#[derive(Clone, Copy)]
pub struct pb_host_routes_t {
    pub update_routes:
        Option<unsafe extern "C" fn(host: *const pb_host_t, routes: *const pb_route_t, count: usize) -> bool>,
    pub list_routes: Option<
        unsafe extern "C" fn(host: *const pb_host_t, visit: pb_route_visitor_t, context: *mut c_void) -> usize,
    >,
}

// ------------------------------------------------------------------------------------------------
// The layout report (crate feature `layout`)
// ------------------------------------------------------------------------------------------------

/// The size, alignment and field offsets of every struct above, one line each in header order:
/// `TYPE size=N align=N field=offset field=offset…`, with the C field names. The repository's
/// tests print the same report from C for `plugboard.h` and compare the two.
#[cfg(feature = "layout")]
pub fn layout_report() -> String {
    use std::fmt::Write;
    use std::mem::{align_of, offset_of, size_of};
    macro_rules! layout {
        ($out:ident, $t:ident; $($f:ident),*) => {
            write!($out, "{} size={} align={}", stringify!($t), size_of::<$t>(), align_of::<$t>()).unwrap();
            $(write!($out, " {}={}", stringify!($f), offset_of!($t, $f)).unwrap();)*
            $out.push('\n');
        };
    }
    let mut out = String::new();
    // version.h
    layout!(out, pb_version_t; major, minor, patch);
    // view.h
    layout!(out, pb_rect_t; x, y, width, height);
    layout!(out, pb_view_api_t; create, release, set_identifier, set_text, set_text_color, set_background_color, set_image_url, set_font, set_alignment, set_hidden, set_enabled, set_frame, get_frame, add_child, remove_child, set_tap_action);
    // host.h
    layout!(out, pb_host_info_t; abi_version, name, version, library_path);
    layout!(out, pb_host_t; abi_version, host_data, name, vendor, version, get_extension, log, views);
    // plugin.h
    layout!(out, pb_plugin_descriptor_t; abi_version, id, name, vendor, version, description, kind, flags);
    // entry.h
    layout!(out, pb_plugin_entry_t; abi_version, init, deinit, get_factory);
    // screen.h
    layout!(out, pb_screen_t; desc, plugin_data, init, destroy, view, layout, will_appear, did_appear, will_disappear, did_disappear, get_extension);
    layout!(out, pb_screen_factory_t; count, get_descriptor, create);
    layout!(out, pb_host_screen_t; close);
    // nav_bar.h
    layout!(out, pb_nav_bar_t; desc, plugin_data, init, destroy, view, layout, customize_for_screen, update_title, set_context_button, get_extension);
    layout!(out, pb_nav_bar_factory_t; count, get_descriptor, create);
    // nav_bar_host.h
    layout!(out, pb_host_nav_bar_t; button_pressed, make_navigation_button, is_special_button_used_by_root);
    layout!(out, pb_background_t; kind, color, image_url);
    layout!(out, pb_font_t; family, size);
    layout!(out, pb_host_nav_bar_customization_t; background, title_font, title_color, logo_url, placement, presentation_style, style, context_button_image_url, is_tablet, is_translucent, prefers_large_title);
    // root.h
    layout!(out, pb_root_t; desc, plugin_data, init, destroy, view, layout, select_item, get_extension);
    layout!(out, pb_root_factory_t; count, get_descriptor, create);
    layout!(out, pb_host_root_t; screen_container, open_item);
    // invoke.h
    layout!(out, pb_host_invoke_t; invoke);
    // navigation.h
    layout!(out, pb_host_navigation_t; open_screen, screen_exists);
    // ext/special_action.h
    layout!(out, pb_root_special_action_t; perform);
    // ext/placement.h
    layout!(out, pb_nav_bar_area_t; frame, top_inset);
    layout!(out, pb_root_placement_t; place_nav_bar, place_nav_bar_in);
    // ext/attributes.h
    layout!(out, pb_screen_attributes_t; update_with_attributes);
    // screen_bar.h
    layout!(out, pb_host_screen_bar_t; set_title, set_hidden, set_translucent, set_prefers_large_title, set_background_color, set_background_image, set_title_color, reset);
    // model.h
    layout!(out, pb_host_model_t; kind, string, number, boolean, count, key);
    // ext/custom_bar.h
    layout!(out, pb_screen_custom_bar_t; bar_view, is_translucent, prefers_large_titles);
    // ext/gesture.h
    layout!(out, pb_edge_insets_t; top, leading, bottom, trailing);
    layout!(out, pb_screen_gesture_navigation_t; edge_insets, target);
    // ext/transition.h
    layout!(out, pb_transition_t; duration_ms, curve, direction);
    layout!(out, pb_screen_transition_t; transition_for);
    // routing.h
    layout!(out, pb_route_step_t; op, key, data, count, animated);
    layout!(out, pb_host_routing_t; open_url, run_transition);
    // routes.h
    layout!(out, pb_route_t; key, screen, kind, has_transition, transition);
    layout!(out, pb_host_routes_t; update_routes, list_routes);
    out
}
