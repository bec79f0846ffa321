// The kernel of SpecConstant.SetInOneFileReadInAnother (spec_constant_shared.hpp).
#include "spec_constant_shared.hpp"

class shared_ids_reader;

void read_shared_numbered_ids(sycl::handler& cgh, int* r) {
  cgh.single_task<shared_ids_reader>([=](sycl::kernel_handler kh) {
    r[0] = kh.get_specialization_constant<shared_numbered_id<1>>();
    r[1] = kh.get_specialization_constant<shared_numbered_id<2>>();
  });
}
