public enum CrateControlsPlaceholder {}
