@_exported import PlugboardSDK
