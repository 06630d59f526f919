// The embedding API: a Swift program that hosts plugins imports this module alone. It loads an
// app folder, drives it (taps, links, back, close), reads its state and renders it; the layers
// below keep everything else to the project's own targets (`package` access).
@_exported import PlugboardConfig
@_exported import PlugboardCore
@_exported import PlugboardLoader
@_exported import PlugboardNavigation
@_exported import PlugboardRender
