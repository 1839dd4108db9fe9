public enum CrateHTTPPlaceholder {}
