// Command terraform-provider-clusterinfra serves the provider to Terraform or OpenTofu.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/cluster-infra-api/terraform-provider-clusterinfra/internal/provider"
)

var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run with support for debuggers such as delve")
	flag.Parse()
	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address: "registry.terraform.io/cluster-infra-api/clusterinfra",
		Debug:   debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}
