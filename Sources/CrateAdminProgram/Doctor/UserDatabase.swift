#if canImport(Glibc)
import Glibc
#endif

/// Users and groups by name and number (NSS: /etc/passwd, /etc/group, or whatever
/// nsswitch.conf says). The `_r` calls keep no shared state between lookups.
enum UserDatabase {
    /// The service user the packaged unit runs crated as (systemd/crated.service).
    static let serviceUser = "crate"
    /// The group whose members may administer the box through the socket.
    static let adminGroup = "crate"

    struct Account: Equatable, Sendable {
        var name: String
        var uid: uid_t
        var gid: gid_t
    }

    static func user(named name: String) -> Account? {
        lookupUser { entry, buffer, result in getpwnam_r(name, &entry, buffer.baseAddress!, buffer.count, &result) }
    }

    static func user(uid: uid_t) -> Account? {
        lookupUser { entry, buffer, result in getpwuid_r(uid, &entry, buffer.baseAddress!, buffer.count, &result) }
    }

    static func groupID(named name: String) -> gid_t? {
        lookupGroup { entry, buffer, result in getgrnam_r(name, &entry, buffer.baseAddress!, buffer.count, &result) }?.gid
    }

    /// The group's name, or its number when it has none.
    static func groupName(_ gid: gid_t) -> String {
        lookupGroup { entry, buffer, result in getgrgid_r(gid, &entry, buffer.baseAddress!, buffer.count, &result) }?
            .name ?? String(gid)
    }

    /// The user's name, or its number when it has none.
    static func userName(_ uid: uid_t) -> String { user(uid: uid)?.name ?? String(uid) }

    /// The account's groups as initgroups(3) would give a login: /etc/group memberships
    /// and the primary group.
    static func groups(of account: Account) -> Set<gid_t> {
        var count: Int32 = 64
        while true {
            var list = [gid_t](repeating: 0, count: Int(count))
            let capacity = count
            if getgrouplist(account.name, account.gid, &list, &count) >= 0 {
                return Set(list.prefix(Int(count))).union([account.gid])
            }
            // -1 with count raised to what is needed; never shrinks, so this ends.
            if count <= capacity { return [account.gid] }
        }
    }

    /// An identity from the user database (no running process to ask).
    static func identity(of account: Account) -> UserIdentity {
        UserIdentity(name: account.name, uid: account.uid, gid: account.gid, groups: groups(of: account))
    }

    /// A user given as a name or a number.
    static func account(_ nameOrNumber: String) -> Account? {
        if let uid = uid_t(nameOrNumber) { return user(uid: uid) }
        return user(named: nameOrNumber)
    }

    // MARK: - The _r calls, with a buffer that grows on ERANGE

    private static func lookupUser(
        _ call: (inout passwd, UnsafeMutableBufferPointer<CChar>, inout UnsafeMutablePointer<passwd>?) -> Int32
    ) -> Account? {
        withGrowingBuffer { buffer -> (Int32, Account?) in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>? = nil
            let rc = call(&entry, buffer, &result)
            guard rc == 0, let found = result, let name = found.pointee.pw_name else { return (rc, nil) }
            return (0, Account(name: String(cString: name), uid: found.pointee.pw_uid, gid: found.pointee.pw_gid))
        }
    }

    private static func lookupGroup(
        _ call: (inout group, UnsafeMutableBufferPointer<CChar>, inout UnsafeMutablePointer<group>?) -> Int32
    ) -> (name: String, gid: gid_t)? {
        withGrowingBuffer { buffer -> (Int32, (name: String, gid: gid_t)?) in
            var entry = group()
            var result: UnsafeMutablePointer<group>? = nil
            let rc = call(&entry, buffer, &result)
            guard rc == 0, let found = result, let name = found.pointee.gr_name else { return (rc, nil) }
            return (0, (String(cString: name), found.pointee.gr_gid))
        }
    }

    /// Not found and lookup errors both come back nil: the callers show the number instead.
    private static func withGrowingBuffer<T>(_ body: (UnsafeMutableBufferPointer<CChar>) -> (Int32, T?)) -> T? {
        var size = 4096
        while size <= 1 << 20 {
            let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            let (rc, value) = body(buffer)
            if rc != ERANGE { return value }
            size *= 4
        }
        return nil
    }
}
