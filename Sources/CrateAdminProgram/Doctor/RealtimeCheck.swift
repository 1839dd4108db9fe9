import CrateConfig
import CrateCore

#if canImport(Glibc)
import Glibc
#endif

/// `realtime` and `memlock`: the limits systemd gave the running daemon (from
/// /proc/PID/limits) against what its audio writer asks for, and what the daemon says
/// it got: SCHED_FIFO at `[audio] rt_priority`, the PCM ring locked in RAM.
enum RealtimeCheck {
    static let override = "sudo systemctl edit crated"

    static func check(config: CrateConfig, daemon: DaemonView?) -> [DoctorResult] {
        guard let daemon else {
            return [.warn("realtime", "not checked: crated is not running",
                          fix: "sudo systemctl start crated, then run doctor again")]
        }
        let limits = TextFile.read("/proc/\(daemon.pid)/limits")
        let output = daemon.status.player.output
        let priority = output.rtPriority
        return [
            realtime(output: output, priority: priority,
                     limit: limits.value.flatMap { ProcFiles.parseLimit("Max realtime priority", in: $0) },
                     limitsError: limits.failure, uid: daemon.peer.value?.uid),
            memlock(output: output, needed: ringBytes(config.audio.bufferSeconds),
                    limit: limits.value.flatMap { ProcFiles.parseLimit("Max locked memory", in: $0) },
                    locked: TextFile.read("/proc/\(daemon.pid)/status").value.flatMap(lockedBytes)),
        ]
    }

    /// The writer's priority against RLIMIT_RTPRIO; the daemon's word on whether it got it.
    static func realtime(output: OutputStatus, priority: Int, limit: ProcFiles.Limit?, limitsError: SystemError?,
                         uid: uid_t?) -> DoctorResult {
        let limitText = limit.map { "LimitRTPRIO \(ProcFiles.Limit.describe($0.soft))" }
            ?? "limits unknown (\(limitsError.map(String.init(describing:)) ?? "no such row"))"
        let fix = "\(override): add [Service] LimitRTPRIO=\(max(priority, 40)), then: sudo systemctl restart crated"
        let tooLow = limit.map { limit in limit.soft.map { $0 < UInt64(priority) } ?? false } ?? false
        if output.realtime {
            let how = tooLow && uid == 0 ? " (granted to root despite the limit)" : ""
            return .ok("realtime", "audio writer SCHED_FIFO priority \(priority); \(limitText)\(how)")
        }
        if output.message != nil {
            // No writer thread runs without an output: the limit is all there is to judge.
            if tooLow {
                return .warn("realtime", "no audio writer running; \(limitText) is below rt_priority \(priority)", fix: fix)
            }
            return .ok("realtime", "no audio writer running (see audio device); \(limitText) allows priority \(priority)")
        }
        let reason = output.realtimeMessage ?? "SCHED_FIFO not granted"
        let why = tooLow ? "; \(limitText) is below rt_priority \(priority)" : "; \(limitText)"
        return .warn("realtime", "audio writer runs without real-time priority: \(reason)\(why) (dropouts under load)",
                     fix: fix)
    }

    /// The ring the writer reads is mlocked: RLIMIT_MEMLOCK must hold it.
    static func memlock(output: OutputStatus, needed: UInt64, limit: ProcFiles.Limit?, locked: UInt64?) -> DoctorResult {
        let fix = "\(override): add [Service] LimitMEMLOCK=64M, then: sudo systemctl restart crated"
        let limitText = limit.map { "LimitMEMLOCK " + bytes($0.soft) } ?? "limit unknown"
        let lockedText = locked.map { ", \(bytes($0)) locked" } ?? ""
        if output.bufferLocked == false {
            return .warn("memlock", "audio buffer not locked in RAM (\(bytes(needed)) needed; \(limitText))", fix: fix)
        }
        // Without a writer (no output) nothing was locked yet: judge by the limit alone.
        if output.message != nil, let soft = limit?.soft, soft < needed {
            return .warn("memlock", "\(limitText) is below the audio buffer's \(bytes(needed))", fix: fix)
        }
        return .ok("memlock", "audio buffer \(bytes(needed)); \(limitText)\(lockedText)")
    }

    /// The PCM ring as the engine sizes it: `buffer_seconds` at 96 kHz rounded up to a
    /// power of two, stereo, 32-bit samples.
    static func ringBytes(_ bufferSeconds: Double) -> UInt64 {
        var frames: UInt64 = 1
        while Double(frames) < bufferSeconds * 96000 { frames <<= 1 }
        return frames * 8
    }

    /// `VmLck:     512 kB` of /proc/PID/status.
    static func lockedBytes(_ status: String) -> UInt64? {
        for line in status.split(separator: "\n") where line.hasPrefix("VmLck:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = UInt64(fields[1].trimmingSpaces) { return kilobytes * 1024 }
        }
        return nil
    }

    /// `512 KB`, `64 MB`, `unlimited`.
    static func bytes(_ value: UInt64?) -> String {
        guard let value else { return "unlimited" }
        if value >= 1 << 30, value % (1 << 30) == 0 { return "\(value >> 30) GB" }
        if value >= 1 << 20 { return "\(value >> 20) MB" }
        return "\(value >> 10) KB"
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
