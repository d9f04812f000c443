import CWaylandServer
import CWaylandServerProtocols

/// A `wl_region`: the ordered list of rectangles added and subtracted.
final class RegionResource: ResourceObject {
  private(set) var shape = RegionShape()

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_region_interface> = {
    let table = UnsafeMutablePointer<wl_region_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_region_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        add: { _, resource, x, y, width, height in
          RegionResource.from(resource).shape.operations.append(
            .init(add: true, x: x, y: y, width: width, height: height))
        },
        subtract: { _, resource, x, y, width, height in
          RegionResource.from(resource).shape.operations.append(
            .init(add: false, x: x, y: y, width: width, height: height))
        }))
    return table
  }()
}

/// A region as the protocol builds it: later operations override earlier ones where they overlap.
struct RegionShape: Equatable {
  struct Operation: Equatable {
    var add: Bool
    var x, y, width, height: Int32
  }
  var operations: [Operation] = []

  /// Whether the point (surface-local) is in the region.
  ///
  /// - Complexity: O(number of operations).
  func contains(x: Double, y: Double) -> Bool {
    var inside = false
    for op in operations
    where x >= Double(op.x) && y >= Double(op.y) && x < Double(op.x) + Double(op.width)
      && y < Double(op.y) + Double(op.height)
    {
      inside = op.add
    }
    return inside
  }
}
