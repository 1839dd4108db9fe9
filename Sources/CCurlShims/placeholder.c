// placeholder until the shims land
