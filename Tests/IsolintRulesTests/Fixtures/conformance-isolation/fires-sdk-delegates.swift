import CoreLocation
import UIKit

final class NearbyViewController: UIViewController, UITableViewDataSource {
    private let manager = CLLocationManager()
    private var places: [String] = []
    private var lastLocation: CLLocation?

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { places.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell()
    }
}

extension NearbyViewController: CLLocationManagerDelegate { // expect: conformance-isolation@33
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        lastLocation = locations.last
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        print(error)
    }
}
