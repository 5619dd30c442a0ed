package provider

// Kinds are every resource type of the provider, in one list.
func Kinds() []Kind {
	var out []Kind
	out = append(out, inventoryKinds()...)
	out = append(out, dnsKinds()...)
	out = append(out, clusterKinds()...)
	out = append(out, orgKinds()...)
	return out
}
