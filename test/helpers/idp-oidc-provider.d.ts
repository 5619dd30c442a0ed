// oidc-provider 9 ships no type declarations; the test identity provider uses it untyped.
declare module "oidc-provider" {
  const Provider: any;
  export default Provider;
}
