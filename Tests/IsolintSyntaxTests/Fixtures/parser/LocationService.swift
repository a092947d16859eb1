//
//  LocationService.swift
//  Pebble
//
//  Wraps CLLocationManager for the rest of the app: a shared instance, delegate callbacks
//  turned into Combine publishers, async/await helpers and an AsyncStream of updates.
//

import CoreLocation
import Combine
import Foundation

public protocol LocationServiceDelegate: AnyObject {
    func locationService(_ service: LocationService, didUpdate location: CLLocation)
    func locationServiceDidLoseAuthorization(_ service: LocationService)
}

public struct Coordinate: Equatable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(_ location: CLLocation) {
        latitude = location.coordinate.latitude
        longitude = location.coordinate.longitude
    }

    public func distance(to other: Coordinate) -> Double {
        let a = CLLocation(latitude: latitude, longitude: longitude)
        let b = CLLocation(latitude: other.latitude, longitude: other.longitude)
        return a.distance(from: b)
    }
}

public enum LocationError: Error {
    case denied
    case restricted
    case timedOut
    case unavailable
}

/// Global knobs kept for the old Objective-C callers.
public var locationDebugLogging = false
let defaultAccuracy: CLLocationAccuracy = kCLLocationAccuracyHundredMeters

public final class LocationService: NSObject {
    public static let shared = LocationService()

    public weak var delegate: LocationServiceDelegate?

    @Published public private(set) var lastLocation: CLLocation?
    @Published public private(set) var authorization: CLAuthorizationStatus = .notDetermined

    public var coordinatePublisher: AnyPublisher<Coordinate, Never> {
        $lastLocation
            .compactMap { $0 }
            .map(Coordinate.init)
            .removeDuplicates { $0.distance(to: $1) < 10 }
            .eraseToAnyPublisher()
    }

    private let manager: CLLocationManager
    private var oneShotContinuations: [CheckedContinuation<CLLocation, Error>] = []
    private var authorizationContinuation: CheckedContinuation<CLAuthorizationStatus, Never>?
    private var streamContinuations: [UUID: AsyncStream<CLLocation>.Continuation] = [:]
    private let stateQueue = DispatchQueue(label: "location.state")
    private var timeoutWorkItem: DispatchWorkItem?

    override init() {
        manager = CLLocationManager()
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = defaultAccuracy
        manager.distanceFilter = 25
        authorization = manager.authorizationStatus

        NotificationCenter.default.addObserver(
            self,
            selector: #selector(applicationDidEnterBackground(_:)),
            name: Notification.Name("UIApplicationDidEnterBackgroundNotification"),
            object: nil
        )
    }

    @objc private func applicationDidEnterBackground(_ note: Notification) {
        stateQueue.async {
            if self.streamContinuations.isEmpty {
                DispatchQueue.main.async { self.manager.stopUpdatingLocation() }
            }
        }
    }

    // MARK: Authorization

    public func requestAuthorization() async -> CLAuthorizationStatus {
        let current = manager.authorizationStatus
        guard current == .notDetermined else { return current }
        return await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                self.authorizationContinuation = continuation
                self.manager.requestWhenInUseAuthorization()
            }
        }
    }

    // MARK: One-shot location

    public func currentLocation(timeout: TimeInterval = 10) async throws -> CLLocation {
        switch manager.authorizationStatus {
        case .denied:
            throw LocationError.denied
        case .restricted:
            throw LocationError.restricted
        default:
            break
        }
        if let recent = lastLocation, abs(recent.timestamp.timeIntervalSinceNow) < 30 {
            return recent
        }
        return try await withCheckedThrowingContinuation { continuation in
            stateQueue.async {
                self.oneShotContinuations.append(continuation)
                let item = DispatchWorkItem { [weak self] in
                    self?.failPending(with: LocationError.timedOut)
                }
                self.timeoutWorkItem?.cancel()
                self.timeoutWorkItem = item
                DispatchQueue.main.asyncAfter(deadline: .now() + timeout, execute: item)
                DispatchQueue.main.async { self.manager.requestLocation() }
            }
        }
    }

    private func failPending(with error: Error) {
        stateQueue.async {
            let pending = self.oneShotContinuations
            self.oneShotContinuations.removeAll()
            pending.forEach { $0.resume(throwing: error) }
        }
    }

    // MARK: Streaming

    public func updates() -> AsyncStream<CLLocation> {
        AsyncStream { continuation in
            let id = UUID()
            stateQueue.async {
                self.streamContinuations[id] = continuation
                if self.streamContinuations.count == 1 {
                    DispatchQueue.main.async { self.manager.startUpdatingLocation() }
                }
            }
            continuation.onTermination = { @Sendable [weak self] _ in
                guard let self = self else { return }
                self.stateQueue.async {
                    self.streamContinuations[id] = nil
                    if self.streamContinuations.isEmpty {
                        DispatchQueue.main.async { self.manager.stopUpdatingLocation() }
                    }
                }
            }
        }
    }

    public func monitor(region center: Coordinate, radius: CLLocationDistance, identifier: String) {
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: center.latitude, longitude: center.longitude),
            radius: min(radius, manager.maximumRegionMonitoringDistance),
            identifier: identifier
        )
        region.notifyOnEntry = true
        region.notifyOnExit = false
        manager.startMonitoring(for: region)
    }
}

// MARK: - CLLocationManagerDelegate

extension LocationService: CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let status = manager.authorizationStatus
        authorization = status
        if let continuation = authorizationContinuation {
            authorizationContinuation = nil
            continuation.resume(returning: status)
        }
        if status == .denied || status == .restricted {
            delegate?.locationServiceDidLoseAuthorization(self)
            failPending(with: status == .denied ? LocationError.denied : LocationError.restricted)
        }
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        lastLocation = location
        delegate?.locationService(self, didUpdate: location)
        if locationDebugLogging {
            print("location: \(location.coordinate.latitude), \(location.coordinate.longitude) ±\(location.horizontalAccuracy)m")
        }
        stateQueue.async {
            self.timeoutWorkItem?.cancel()
            let pending = self.oneShotContinuations
            self.oneShotContinuations.removeAll()
            for continuation in pending {
                continuation.resume(returning: location)
            }
            for (_, stream) in self.streamContinuations {
                stream.yield(location)
            }
        }
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        if let clError = error as? CLError, clError.code == .locationUnknown {
            return
        }
        failPending(with: error)
    }

    #if os(iOS)
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        NotificationCenter.default.post(name: .didEnterMonitoredRegion, object: self, userInfo: ["id": region.identifier])
    }
    #endif
}

public extension Notification.Name {
    static let didEnterMonitoredRegion = Notification.Name("DidEnterMonitoredRegion")
}

// MARK: - Nearby search

public final class NearbyPlacesModel: ObservableObject {
    @Published public var places: [String] = []
    @Published public var isSearching = false

    private var cancellable: AnyCancellable?
    private var searchTask: Task<Void, Never>?

    public init(service: LocationService = .shared) {
        cancellable = service.coordinatePublisher
            .debounce(for: .seconds(1), scheduler: DispatchQueue.main)
            .sink { [weak self] coordinate in
                self?.search(near: coordinate)
            }
    }

    deinit {
        searchTask?.cancel()
    }

    private func search(near coordinate: Coordinate) {
        searchTask?.cancel()
        isSearching = true
        searchTask = Task { [weak self] in
            let names = await Self.lookup(coordinate)
            await MainActor.run {
                self?.places = names
                self?.isSearching = false
            }
        }
    }

    private static func lookup(_ coordinate: Coordinate) async -> [String] {
        let geocoder = CLGeocoder()
        let location = CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)
        do {
            let marks = try await geocoder.reverseGeocodeLocation(location)
            return marks.compactMap { $0.name ?? $0.locality }
        } catch {
            return []
        }
    }
}
