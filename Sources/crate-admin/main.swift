// crate-admin: the administrator's command line for crated, used over SSH on the box.
// Everything lives in CrateAdmin and the Commands folder; this file only starts it.
CrateAdmin.main(LeadingGlobalOptions.moveToEnd(Array(CommandLine.arguments.dropFirst())))
