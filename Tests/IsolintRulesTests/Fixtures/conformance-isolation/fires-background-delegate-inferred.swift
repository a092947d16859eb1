// fixture: upcoming=InferIsolatedConformances
import AVFoundation
import CoreLocation

/// With isolated conformances inferred, only delegates the SDK calls on a background queue are a
/// problem: the sample buffer callback arrives on the capture queue.
@MainActor
final class ScannerModel: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate, CLLocationManagerDelegate { // expect: conformance-isolation@37
    private(set) var frames = 0
    private(set) var located = false

    func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection) {
        frames += 1
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        located = true
    }
}
