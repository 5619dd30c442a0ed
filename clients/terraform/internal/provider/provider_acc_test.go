package provider_test

import (
	_ "github.com/hashicorp/terraform-plugin-testing/helper/resource"
)
