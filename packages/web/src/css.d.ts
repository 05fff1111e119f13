// Stylesheets are bundled by esbuild; importing one yields nothing to the script.
declare module "*.css";
