/// ALAC's adaptive linear predictor, undone ("unpc_block"): each sample is predicted from
/// the `order` before it, relative to the oldest of them, and the coefficients adapt by
/// sign-sign LMS as decoding goes, exactly as the encoder adapted them.
///
/// All arithmetic wraps like the reference's 32-bit integers: damaged input gives wrong
/// samples, never a trap.
enum ALACPredictor {
    /// The order that means "first order, no coefficients": the reference short-cuts it,
    /// so a channel with 31 coefficients in its header is decoded this way too.
    static let firstOrder = 31

    /// Rebuilds `count` samples of `bits` width into `out` from `residuals`; `coefs` (order
    /// of them) are adapted in place. `residuals` may equal `out` only for `firstOrder`.
    static func restore(_ residuals: UnsafePointer<Int32>, into out: UnsafeMutablePointer<Int32>, count: Int,
                        coefs: UnsafeMutablePointer<Int16>, order: Int, bits: Int, denShift: Int) {
        guard count > 0 else { return }
        let unused = Int32(32 - bits)
        @inline(__always) func wrapToWidth(_ x: Int32) -> Int32 { (x &<< unused) &>> unused }

        out[0] = residuals[0]
        if order == 0 {
            if residuals != UnsafePointer(out) { out.update(from: residuals, count: count) }
            return
        }
        if order == firstOrder {
            var previous = out[0]
            for j in 1..<count {
                previous = wrapToWidth(residuals[j] &+ previous)
                out[j] = previous
            }
            return
        }
        // The first `order` samples have too little history: first-order warm-up.
        let span = order + 1
        for j in 1..<min(span, count) {
            out[j] = wrapToWidth(residuals[j] &+ out[j - 1])
        }
        guard count > span else { return }

        let half: Int32 = denShift > 0 ? 1 << (denShift - 1) : 0
        let shift = Int32(denShift)
        for j in span..<count {
            let base = out[j - span]
            let history = out + (j - 1)  // history[-i] pairs with coefs[i]
            var sum: Int32 = 0
            for i in 0..<order {
                sum = sum &+ Int32(coefs[i]) &* (history[-i] &- base)
            }
            let residual = residuals[j]
            out[j] = wrapToWidth(residual &+ base &+ ((sum &+ half) &>> shift))

            // Nudge the coefficients by the error's sign, oldest history first, until
            // the residual's magnitude is used up.
            var remaining = residual
            if residual > 0 {
                var i = order - 1
                while i >= 0 {
                    let difference = base &- history[-i]
                    let sign = signum(difference)
                    coefs[i] = coefs[i] &- Int16(truncatingIfNeeded: sign)
                    remaining = remaining &- Int32(order - i) &* ((sign &* difference) &>> shift)
                    if remaining <= 0 { break }
                    i -= 1
                }
            } else if residual < 0 {
                var i = order - 1
                while i >= 0 {
                    let difference = base &- history[-i]
                    let sign = signum(difference)
                    coefs[i] = coefs[i] &+ Int16(truncatingIfNeeded: sign)
                    remaining = remaining &- Int32(order - i) &* (((0 &- sign) &* difference) &>> shift)
                    if remaining >= 0 { break }
                    i -= 1
                }
            }
        }
    }

    @inline(__always)
    private static func signum(_ x: Int32) -> Int32 { x > 0 ? 1 : (x < 0 ? -1 : 0) }
}
