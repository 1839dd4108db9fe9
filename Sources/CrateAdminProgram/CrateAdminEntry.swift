/// What the one executable (`crate`, Sources/crate) runs when it is called `crate-admin`:
/// the administrator's command line for crated, used over SSH on the box. Everything lives
/// in CrateAdmin and the Commands folder.
public enum CrateAdminEntry {
    /// `arguments` without the program's name.
    public static func main(_ arguments: [String]) {
        CrateAdmin.main(LeadingGlobalOptions.moveToEnd(arguments))
    }
}
