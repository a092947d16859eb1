import Foundation

var launchCount = 0
launchCount += 1
print("FeedApp launched \(launchCount) time(s)")
