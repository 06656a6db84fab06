// Stands for MSAL's own MSALPublicClientApplication.m: the file by which the doctor knows a copy of MSAL's
// repository (vendored, or a submodule) in an app's tree. Its content is not read.
